// Module hooks for the benchmark processes that measure the HTTP of the submission routes only
// (bench/postFloor.ts, bench/hooksAB.ts): `src/orders/submitOrder.ts` resolves to a stand-in
// (postFloorSubmit.mjs) that answers an order-shaped body with one fixed order record, the acceptance
// costing nothing, and hands any other body to the real submitOrder (`?real`, not redirected).
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (/\/src\/orders\/submitOrder\.(ts|js)$/.test(resolved.url)) {
    const stand = new URL('./postFloorSubmit.mjs', import.meta.url);
    stand.searchParams.set('real', `${resolved.url}?real`);
    return { ...resolved, url: stand.href, format: 'module' };
  }
  return resolved;
}
