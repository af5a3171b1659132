/**
 * Answers remembered by key, up to `limit` of them; past that all are forgotten and it starts
 * again. Input made of unique keys (a hostile one) then costs what it would without the cache,
 * and the cache holds no more than `limit` answers.
 */
export class BoundedCache<K, V> {
  private readonly known = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The answer for `key`, made by `make` the first time it is asked for. */
  get(key: K, make: () => V): V {
    const known = this.known.get(key);
    if (known !== undefined || this.known.has(key)) return known as V;
    const value = make();
    if (this.known.size >= this.limit) this.known.clear();
    this.known.set(key, value);
    return value;
  }
}
