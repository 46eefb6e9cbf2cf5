// Every action, block and callback id of the Home tab. Approve and Reject on it are the approval
// card's own buttons: their ids come from the search-requests service (decisionActions).
export const ACTION = {
  requestIndex: 'home.request_index',
  statsFor: 'home.stats_for',
  revokeToken: 'home.revoke_mcp_token',
} as const;

export const VIEW = { stats: 'home.stats' } as const;

export const BLOCK = {
  nextSteps: 'home_next_steps',
  /** The actions block under pending request #id. */
  request: (id: number) => `home_request_${id}`,
  /** The "Stats for…" form's inputs; each input's action id is its block id. */
  stats: { index: 'home_stats_index', period: 'home_stats_period', channel: 'home_stats_channel' },
} as const;
