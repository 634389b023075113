// A small bounded memo: a Map that forgets its oldest entries once full (Map keeps
// insertion order). A hit is a plain lookup: moving the entry to the back on every
// hit (least-recently-used) cost more than the rare recomputation it saves, and
// every value is a pure function of its key, so what is returned never changes.

export class BoundedMemo<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get(key: string, compute: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
