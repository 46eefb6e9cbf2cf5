// The callback ids of opsbot's Workflow Builder steps, as manifest.yml declares them. Workflows
// built on a step refer to its id, so these never change.
export const STEP = {
  requestSearchIndex: 'request_search_index',
  vectorIndexStats: 'vector_index_stats',
  messagingAccountsSummary: 'messaging_accounts_summary',
} as const;
