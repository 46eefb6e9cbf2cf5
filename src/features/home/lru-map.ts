// A map that forgets the least recently used entry beyond its size, so what Home remembers per
// person (their time zone, when they last looked, what their tab shows) stays bounded however many
// people open it. Someone forgotten only costs a users.info call or one unneeded publish.

/**
 * People whose time zone, last opening and last published tab Home remembers; beyond it the least
 * recently seen is forgotten (a users.info call, or one publish that changes nothing, to relearn).
 */
export const HOME_PEOPLE_REMEMBERED = 1_000;

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
