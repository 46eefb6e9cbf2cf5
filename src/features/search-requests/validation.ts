// What a request must look like before it is stored. Each problem is one sentence shown under the
// field it concerns (`response_action: errors`), so it says what is allowed, not just "invalid".
import { AVAILABLE_SEARCH_PLANS, SEARCH_REGIONS } from '../../api/index.ts';
import { isSearchIndexName, NAME_MAX, NAME_MIN, NAME_RULE } from '../../text/index-names.ts';
import { BLOCK } from './ids.ts';
import type { SearchPlanChoice, SearchRegionChoice } from './parse.ts';

export const REASON_MAX = 500;

export const FIXED_UNAVAILABLE =
  'The fixed plan isn’t currently available — only free and payg (pay as you go) are.';

export type RequestForm = {
  name: string | null | undefined;
  region: string | null | undefined;
  plan: string | null | undefined;
  reason: string | null | undefined;
};

export type ValidRequest = {
  name: string;
  region: SearchRegionChoice;
  plan: SearchPlanChoice;
  reason: string;
};

type FormErrors = Partial<Record<(typeof BLOCK)[keyof typeof BLOCK], string>>;

type FormResult = { ok: true; value: ValidRequest } | { ok: false; errors: FormErrors };

export function nameProblem(raw: string): string | undefined {
  const name = raw.trim();
  if (name === '') return `Give the index a name (${NAME_RULE})`;
  if (name.length < NAME_MIN) return `That name is too short. Use ${NAME_RULE}`;
  if (name.length > NAME_MAX)
    return `That name has ${name.length} characters, more than ${NAME_MAX}. Use ${NAME_RULE}`;
  if (isSearchIndexName(name)) return undefined;
  const suggestion = suggestName(name);
  const tryThis = suggestion !== undefined && suggestion !== name ? ` Try “${suggestion}”.` : '';
  return `Names use ${NAME_RULE}${tryThis}`;
}

/** A nearby valid name, when the fix is mechanical (case, spaces, underscores). */
function suggestName(name: string): string | undefined {
  const fixed = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '');
  return isSearchIndexName(fixed) ? fixed : undefined;
}

/** An approval's comment (optional) or a rejection's reason (required), checked under its field. */
export function decisionNoteProblem(text: string, kind: 'comment' | 'reason'): string | undefined {
  if (text === '' && kind === 'reason') return 'Say why — the requester sees this.';
  return text.length > REASON_MAX ? `Keep the ${kind} under ${REASON_MAX} characters.` : undefined;
}

export function validateRequestForm(form: RequestForm): FormResult {
  const errors: FormErrors = {};
  const name = (form.name ?? '').trim();
  const problem = nameProblem(name);
  if (problem !== undefined) errors[BLOCK.name] = problem;

  const region = SEARCH_REGIONS.find((r) => r === form.region);
  if (region === undefined) {
    errors[BLOCK.region] = `Choose a region: ${SEARCH_REGIONS.join(' or ')}.`;
  }

  const plan = AVAILABLE_SEARCH_PLANS.find((p) => p === form.plan);
  if (plan === undefined) {
    errors[BLOCK.plan] =
      form.plan === 'fixed' ? FIXED_UNAVAILABLE : `Choose a plan: ${AVAILABLE_SEARCH_PLANS.join(' or ')}.`;
  }

  const reason = (form.reason ?? '').trim();
  if (reason === '') errors[BLOCK.reason] = 'Say why the index is needed — approvers decide on it.';
  else if (reason.length > REASON_MAX) {
    errors[BLOCK.reason] = `Keep the reason under ${REASON_MAX} characters (it has ${reason.length}).`;
  }

  if (Object.keys(errors).length > 0 || region === undefined || plan === undefined)
    return { ok: false, errors };
  return { ok: true, value: { name, region, plan, reason } };
}
