// The single place that says which fields of an API record may be shown in Slack.
// Adding a field here is a decision to show it: secrets (token, password, read_only_token, …) never belong.
import type { MessagingAccount } from '../api/schemas.ts';
import { defineAllowlist, type Picked } from './pick.ts';

/** Spec 2.3, everything but `password` and `token`; `enterprise` only by its named `enabled` flag. */
export const MESSAGING_ACCOUNT_ALLOWLIST = defineAllowlist({
  customer_id: true,
  id: true,
  active: true,
  state: true,
  modifying_state: true,
  last_plan_upgrade_time: true,
  max_message_size: true,
  max_requests_per_day: true,
  max_requests_per_day_hard: true,
  max_endpoints_per_topic: true,
  max_requests_per_second: true,
  max_dlq_size: true,
  max_completion_tokens_per_day: true,
  max_completion_tokens_per_minute: true,
  max_completions_per_day: true,
  max_completions_per_minute: true,
  max_retries: true,
  max_topics: true,
  max_schedules: true,
  max_events_size: true,
  max_dlq_retention_time_milis: true,
  max_delay: true,
  max_parallelism: true,
  max_global_parallelism: true,
  max_queues: true,
  retention: true,
  timeout: true,
  rate_limit: true,
  type: true,
  reserved_type: true,
  reserved_price: true,
  prod_pack_enabled: true,
  monitoring_enabled: true,
  enterprise: { enabled: true },
  region: true,
  budget: true,
  created_by: true,
  creation_time: true,
});

/** A messaging account as it may be shown: no credentials, no field the spec doesn't name. */
export type ShownMessagingAccount = Picked<MessagingAccount, typeof MESSAGING_ACCOUNT_ALLOWLIST>;
