// Every id Slack echoes back to us. Buttons carry only the request number in `value`: the state
// lives in the store, so a card posted before a restart (or a replayed payload) still works.

/**
 * The action_id of each button. These values are in cards already posted (and on the Home tab), so
 * they never change: a button whose id changed would stop working.
 */
export const ACTION = {
  approve: 'search.approve',
  reject: 'search.reject',
  retry: 'search.retry',
} as const;

/**
 * The callback_id of each modal. A modal's id lives only as long as the modal is open, so these
 * are free to differ from the buttons that open them (and do, so neither is mistaken for the other).
 */
export const VIEW = {
  request: 'search.request',
  approve: 'search.approve_modal',
  reject: 'search.reject_modal',
} as const;

/** The card's action blocks, and the input blocks (and their elements) of the three modals: `response_action: errors` names these. */
export const BLOCK = {
  decide: 'search_decide',
  retry: 'search_retry',
  name: 'search_name',
  region: 'search_region',
  plan: 'search_plan',
  reason: 'search_reason',
  comment: 'search_comment',
  rejectReason: 'search_reject_reason',
} as const;

/** The element inside each input block has the same id as its block, to keep lookups obvious. */
export const ELEMENT = BLOCK;

/** Who the audit trail names for transitions nobody clicked (expiry). */
export const SYSTEM_ACTOR = 'opsbot';
