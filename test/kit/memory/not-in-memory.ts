/** A port method the in-memory stores do not model yet: fails loudly, so a unit test never passes on a silent stub. */
export function notInMemory(port: string, method: string): never {
  throw new Error(`${port}.${method} has no in-memory implementation yet (test/kit/memory): test it in an e2e file, or implement it there`);
}
