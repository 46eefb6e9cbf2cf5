// A map that forgets the least recently used entry beyond its size, so what is remembered per
// person or per event (a time zone, a last opening, a published tab) stays bounded however many
// there are. Someone forgotten only costs a Slack call to relearn.

export class LruMap<K, V> extends Map<K, V> {
  readonly #max: number;

  constructor(max: number) {
    super();
    this.#max = max;
  }

  override get(key: K): V | undefined {
    const value = super.get(key);
    if (value !== undefined) this.set(key, value);
    return value;
  }

  override set(key: K, value: V): this {
    // A Map keeps insertion order: re-inserting moves the key to the most recent end.
    super.delete(key);
    super.set(key, value);
    if (this.size > this.#max) super.delete(this.keys().next().value as K);
    return this;
  }
}
