// How many people Home remembers (their last opening, what their tab shows): beyond it the least
// recently seen is forgotten, which costs one publish that changes nothing to relearn.
export { LruMap } from '../../lru-map.ts';

/**
 * People whose last opening and last published tab Home remembers: a large workspace's day of
 * viewers (a few hundred bytes each).
 */
export const HOME_PEOPLE_REMEMBERED = 5_000;
