// The stand-in `submitOrder` (see postFloorStub.mjs). An order-shaped body (an object, or JSON text, as
// acceptOrder's parseBody takes it: text is parsed) is answered with the fixed record on
// globalThis.__postFloorRecord; anything else goes to the real submitOrder (refusals as they are).
const real = await import(new URL(import.meta.url).searchParams.get('real'));

export async function submitOrder(context, body) {
  const record = globalThis.__postFloorRecord;
  const order = typeof body === 'string' ? JSON.parse(body) : body;
  if (record === undefined || typeof order !== 'object' || order === null || typeof order.maker !== 'string')
    return real.submitOrder(context, body);
  return { status: 'created', order: record };
}
