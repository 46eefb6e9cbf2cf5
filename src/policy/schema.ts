// The policy file's shape, checked with zod: unknown keys are refused (a misspelt `wher:` must not
// silently mean "anywhere"), so every mistake an operator can make surfaces at start-up.
import { z } from 'zod';
import { DURATION_SHAPE, parseDuration } from '../time/durations.ts';
import { CAPABILITIES } from './types.ts';

const USER_ID = /^[UW][A-Z0-9]{2,}$/;
const CHANNEL_ID = /^[CG][A-Z0-9]{2,}$/;
const GROUP_ID = /^S[A-Z0-9]{2,}$/;
const GROUP_HANDLE = /^[a-z0-9][a-z0-9._-]*$/;

export const isUserId = (text: string) => USER_ID.test(text);
export const isChannelId = (text: string) => CHANNEL_ID.test(text);
export const isUserGroupId = (text: string) => GROUP_ID.test(text);

const names = z.array(z.string({ error: 'must be a name or an ID (text)' }).trim().min(1, 'is empty'), {
  error: 'must be a list, e.g. [ops, U0123ABCD]',
});

const mapping = (example: string) => ({ error: `must be a mapping, e.g. ${example}` });

const groupSchema = z.strictObject(
  {
    usergroup: z
      .string({ error: 'must be a user group handle (ops-team) or ID (S0123ABCD)' })
      .trim()
      .transform((v) => v.replace(/^@/, ''))
      .refine((v) => GROUP_ID.test(v) || GROUP_HANDLE.test(v), {
        error: 'must be a user group handle (ops-team) or ID (S0123ABCD)',
      })
      .optional(),
    users: z
      .array(z.string().trim().regex(USER_ID, 'must be a Slack user ID such as U0123ABCD'), {
        error: 'must be a list of user IDs, e.g. [U0123ABCD]',
      })
      .optional(),
  },
  mapping('{ usergroup: ops-team, users: [U0123ABCD] }'),
);

const ruleSchema = z.strictObject(
  {
    who: z
      .union([z.literal('everyone'), names], { error: 'must be everyone or a list of groups and user IDs' })
      .optional(),
    where: z
      .union([z.literal('anywhere'), names], {
        error: 'must be anywhere or a list of channel sets and channel IDs',
      })
      .optional(),
  },
  mapping('{ who: [ops], where: [ops-rooms] }'),
);

const duration = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const ms = parseDuration(String(v));
  if (ms === undefined || ms === 0) {
    ctx.addIssue({ code: 'custom', message: `is not a duration — write ${DURATION_SHAPE}` });
    return z.NEVER;
  }
  return ms;
});

const count = (max: number) =>
  z
    .number({ error: `must be a whole number from 0 to ${max}` })
    .int()
    .min(0)
    .max(max);

const limitsSchema = z.strictObject(
  {
    notify_people: count(100).optional(),
    notify_groups: count(100).optional(),
    notify_groups_allowed: z
      .union([z.literal('any'), names], { error: 'must be any or a list of groups' })
      .optional(),
    remind_at_least: duration.optional(),
    mute_at_most: duration.optional(),
    watches_per_channel: count(10_000).optional(),
  },
  mapping('{ notify_people: 10 }'),
);

const allowShape = Object.fromEntries(CAPABILITIES.map((c) => [c, ruleSchema.optional()])) as Record<
  (typeof CAPABILITIES)[number],
  z.ZodOptional<typeof ruleSchema>
>;

export const policyFileSchema = z.strictObject({
  groups: z.record(z.string(), groupSchema, mapping('{ ops: { usergroup: ops-team } }')).optional(),
  channels: z
    .record(
      z.string(),
      z.array(z.string().trim().regex(CHANNEL_ID, 'must be a channel ID such as C0123ABCD (not a #name)'), {
        error: 'must be a list of channel IDs, e.g. [C0123ABCD]',
      }),
      mapping('{ ops-rooms: [C0123ABCD] }'),
    )
    .optional(),
  allow: z.strictObject(allowShape, mapping('{ stats: { who: everyone } }')).optional(),
  limits: limitsSchema.optional(),
});

export type PolicyFile = z.infer<typeof policyFileSchema>;
