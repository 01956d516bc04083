/**
 * An object that stands in for a value a hook fills in later (tests are declared before `beforeAll` runs):
 * property reads go to the current value, and a read before there is one says what is missing instead of
 * failing on `undefined`.
 */
export function standIn<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const value = current();
      if (value === undefined) throw new Error(`${what} is not ready yet`);
      return value[key as keyof T];
    },
  });
}
