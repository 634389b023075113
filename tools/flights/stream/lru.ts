// A bounded map that forgets the least recently used key first (a Map keeps
// insertion order, so re-inserting on use is all the bookkeeping there is).
// Bounded by entries, and optionally by the summed weight of its values (bytes).

export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  private weight = 0;

  constructor(private readonly max: number, private readonly weigh: (value: V) => number = () => 0, private readonly maxWeight = Infinity) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.map.set(key, value);
    this.weight += this.weigh(value);
    while (this.map.size > this.max || (this.weight > this.maxWeight && this.map.size > 1)) this.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    const value = this.map.get(key);
    if (value === undefined) return;
    this.map.delete(key);
    this.weight -= this.weigh(value);
  }

  get size(): number {
    return this.map.size;
  }

  /** The summed weight of the values kept. */
  get bytes(): number {
    return this.weight;
  }
}
