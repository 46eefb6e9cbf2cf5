import { randomBytes } from 'node:crypto';
import { type ApiBody, fail } from './api-support.ts';
import type { SimContext } from './state.ts';
import { TIMING } from './timing.ts';

// Slack documents the format as "132456.7890123.abcdef".
const TRIGGER_FORMAT = /^\d+\.\d+\.[0-9a-f]+$/;

export function issueTrigger(ctx: SimContext, user?: string): string {
  ctx.state.seq += 1;
  const id = `${ctx.state.seq}${Math.floor(ctx.now() / 1000)}.${ctx.opts.teamId.replace(/\D/g, '') || '0'}${ctx.state.seq}.${randomBytes(16).toString('hex')}`;
  ctx.state.triggers.set(id, { issuedAt: ctx.now(), used: false, ...(user ? { user } : {}) });
  return id;
}

/** Exchanges a trigger: single use, valid for 3 s after it was issued. */
export function exchangeTrigger(ctx: SimContext, id: string): { user: string } | { error: ApiBody } {
  const trigger = TRIGGER_FORMAT.test(id) ? ctx.state.triggers.get(id) : undefined;
  if (!trigger) return { error: fail('invalid_trigger_id') };
  if (trigger.used) return { error: fail('exchanged_trigger_id') };
  if (ctx.now() - trigger.issuedAt > TIMING.triggerTtlMs) return { error: fail('expired_trigger_id') };
  trigger.used = true;
  return { user: trigger.user ?? '' };
}
