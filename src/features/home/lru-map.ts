// A map that forgets the least recently used entry beyond its size, so what Home remembers per
// person (their time zone, when they last looked, what their tab shows) stays bounded however many
// people open it. Someone forgotten only costs a users.info call or one unneeded publish.

export class LruMap<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) this.set(key, value);
    return value;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  set(key: K, value: V): void {
    // A Map keeps insertion order: re-inserting moves the key to the most recent end.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  entries(): IterableIterator<[K, V]> {
    return this.#entries.entries();
  }
}
