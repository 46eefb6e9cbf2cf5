// `/ops search create [name] [region] [plan]` in any order: region and plan values never overlap,
// so each word can be recognised on its own; the first word that is neither is the name.
import { type AVAILABLE_SEARCH_PLANS, SEARCH_REGIONS } from '../../api/index.ts';

export type SearchRegionChoice = (typeof SEARCH_REGIONS)[number];
export type SearchPlanChoice = (typeof AVAILABLE_SEARCH_PLANS)[number];

/** What the command text gives the request modal to start from. */
export type RequestPrefill = {
  name?: string;
  region?: SearchRegionChoice;
  plan?: SearchPlanChoice;
  /** The user typed `fixed`: in the API's enum, but not available (spec 4.1). */
  askedForFixed: boolean;
  /** Words that were neither the name, a region nor a plan (shown back, never guessed at). */
  ignored: string[];
};

// A Map, not an object: typed words like `__proto__` or `constructor` must not find Object's own.
const PLAN_ALIASES = new Map<string, SearchPlanChoice>([
  ['free', 'free'],
  ['payg', 'payg'],
  ['pay-as-you-go', 'payg'],
]);

export function parseCreateArgs(args: readonly string[]): RequestPrefill {
  const prefill: RequestPrefill = { askedForFixed: false, ignored: [] };
  for (const word of args) {
    const lower = word.toLowerCase();
    const region = SEARCH_REGIONS.find((r) => r === lower);
    const plan = PLAN_ALIASES.get(lower);
    if (region !== undefined && prefill.region === undefined) prefill.region = region;
    else if (plan !== undefined && prefill.plan === undefined) prefill.plan = plan;
    else if (lower === 'fixed') prefill.askedForFixed = true;
    // The name keeps its case: validation explains what is wrong instead of silently changing it.
    else if (prefill.name === undefined && region === undefined && plan === undefined) prefill.name = word;
    else prefill.ignored.push(word);
  }
  return prefill;
}
