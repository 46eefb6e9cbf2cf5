// The rules an index's name follows, and the sentences that state them. Both kinds of name are at
// most NAME_MAX characters of lowercase letters, digits and hyphens, a letter first (so a name
// never reads as a period or a number, and two names never differ only by case or spacing).

export const NAME_MAX = 40;

// A search index's name becomes part of its endpoint host name (`<name>-<region>-search…`), so it
// follows DNS label rules besides: at least NAME_MIN characters and no trailing hyphen. 40
// characters leave room for the region and suffix inside a 63-character label.
export const NAME_MIN = 3;
const SEARCH_INDEX_NAME = /^[a-z][a-z0-9-]*[a-z0-9]$/;
export const NAME_RULE = `${NAME_MIN}–${NAME_MAX} characters: lowercase letters, digits and hyphens, starting with a letter and not ending with a hyphen.`;

/** A name a search index can be created with. */
export function isSearchIndexName(name: string): boolean {
  return name.length >= NAME_MIN && name.length <= NAME_MAX && SEARCH_INDEX_NAME.test(name);
}

// A vector index's name is only ours (remembered for it, typed in commands instead of its id).
const VECTOR_INDEX_NAME = /^[a-z][a-z0-9-]*$/;
export const VECTOR_NAME_RULE = `lowercase letters, digits and hyphens, starting with a letter, at most ${NAME_MAX}`;

/** A name a vector index can be given. */
export function isVectorIndexName(text: string): boolean {
  return text.length <= NAME_MAX && VECTOR_INDEX_NAME.test(text);
}
