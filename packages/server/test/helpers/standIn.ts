/**
 * An object that stands in for a value a hook fills in later (tests are declared before `beforeAll` runs):
 * reads, `in`, spreads and method calls go to the current value, and using it before there is one says
 * what is missing instead of failing on `undefined`.
 */
export function standIn<T extends object>(current: () => T | undefined, what: string): T {
  const value = (): T => {
    const found = current();
    if (found === undefined) throw new Error(`${what} is not ready yet`);
    return found;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const target = value();
      const found = Reflect.get(target, key);
      // Methods run on the value itself (Fastify's read private state through `this`).
      return typeof found === 'function' ? found.bind(target) : found;
    },
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      // A proxy may only report a property its (empty) target lacks as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
