// The guardrails at the door: one check, before any listener runs, for every payload kind a person
// sends — a command, a click (in a message, a modal or the Home tab), a form submission and a
// type-ahead's options request. Features only declare what each of their surfaces needs (a
// subcommand's `capability`; action, callback and options block ids through `protect`); the gate
// asks the policy (src/policy) and, when it says no, throws a PolicyRefusal that the guard
// answers where the person is looking. Nothing else runs, so nothing changes and nothing is posted.
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { PolicyRefusal } from '../errors.ts';
import { type Action, type Capability, decide, NO_USER, type Policy } from '../policy/index.ts';
import type { SlackMembership } from './membership.ts';
import { asTyped, type CommandRouter } from './router.ts';

/** A submitted form, as Slack sends it in a view_submission. */
export type SubmittedView = { state?: unknown; private_metadata?: string | undefined };

/**
 * A form: what submitting it needs, and where it posts: the field (block id) naming the channel, and
 * the one reader of that channel its listener uses too, so the gate checks the channel that is used.
 */
type FormRule = {
  capability: Capability;
  postsTo?: { field: string; channel(view: SubmittedView): string | undefined };
};

type Protections = {
  /** action_id of a button or menu (in a message, a modal or Home) → what clicking it needs. */
  actions?: Readonly<Record<string, Capability>>;
  /** callback_id of a modal → what submitting it needs. */
  views?: Readonly<Record<string, FormRule>>;
  /** block_id of a type-ahead field → what its options need (refused: an empty list). */
  options?: Readonly<Record<string, Capability>>;
};

/** What features see of the guardrails (context.policy). */
export type PolicyPort = {
  /** Declares what the feature's clicks, forms and type-aheads need; the gate enforces it. */
  protect(protections: Protections): void;
  /** The policy in force (its user groups resolved to ids once start-up checked them). */
  current(): Policy;
  /**
   * Slack's membership answers, cached and shared: what lists filter by (`channelsSeenBy`, `canSee`),
   * and what the gate decides with. 'unknown' when Slack didn't answer: show or allow nothing.
   */
  membership: SlackMembership;
  /**
   * The gate's own decision for a door that is not a Slack payload (an agent over MCP): the refusal
   * (counted as the gate counts its own) for the door to throw, or undefined when it may.
   */
  refusal(capability: Capability, action: Action): Promise<PolicyRefusal | undefined>;
};

export type PolicyGate = PolicyPort & {
  middleware: Middleware<AnyMiddlewareArgs>;
  /** Replaces the policy, e.g. with the one whose user group handles start-up resolved to ids. */
  use(policy: Policy): void;
};

type Body = Record<string, unknown>;
/** What one payload asks to do, by whom, where, posting where. */
type Asked = { capability: Capability; action: Action; field?: string | undefined };

/** The sentence the router gave before the policy, kept for ALLOWED_CHANNEL_IDS without a policy. */
const NOT_ENABLED_HERE =
  'opsbot is not enabled in this channel. Ask an admin to add it to ALLOWED_CHANNEL_IDS, or use an allowed channel.';

export function createPolicyGate(options: {
  policy: Policy;
  membership: SlackMembership;
  router: CommandRouter;
  /** Told of each refusal, by capability (the metrics count them). */
  onRefusal?(capability: Capability): void;
}): PolicyGate {
  let policy = options.policy;
  const actions = new Map<string, Capability>();
  const views = new Map<string, FormRule>();
  const suggestions = new Map<string, Capability>();

  const askedBy = (body: Body): Asked | undefined => {
    // A payload naming nobody is decided as nobody's: only what is open to everyone gets through.
    const user = userOf(body) ?? NO_USER;
    if (typeof body.command === 'string') {
      const match = options.router.match(asTyped(String(body.text ?? '')));
      const capability = match.kind === 'subcommand' ? match.sub.capability : undefined;
      const channelId = typeof body.channel_id === 'string' ? body.channel_id : undefined;
      return capability && { capability, action: { userId: user, ...(channelId ? { channelId } : {}) } };
    }
    const channelId = channelOf(body);
    const here = { userId: user, ...(channelId ? { channelId } : {}) };
    if (body.type === 'block_actions') {
      const clicked = (body.actions as Array<{ action_id?: string }> | undefined)?.[0]?.action_id;
      const capability = clicked === undefined ? undefined : actions.get(clicked);
      return capability && { capability, action: here };
    }
    if (body.type === 'block_suggestion') {
      const capability = typeof body.block_id === 'string' ? suggestions.get(body.block_id) : undefined;
      return capability && { capability, action: here };
    }
    if (body.type === 'view_submission') {
      const view = body.view as (SubmittedView & { callback_id?: string }) | undefined;
      const rule = view?.callback_id === undefined ? undefined : views.get(view.callback_id);
      if (view === undefined || rule === undefined) return undefined;
      const chosen = rule.postsTo?.channel(view);
      return {
        capability: rule.capability,
        action: { ...here, postsTo: chosen ? [chosen] : [] },
        field: rule.postsTo?.field,
      };
    }
    return undefined;
  };

  /** What was asked refused (and counted), or undefined; `typed`: a command, for the legacy sentence. */
  const refusalOf = async (asked: Asked, typed = false): Promise<PolicyRefusal | undefined> => {
    const decision = await decide(policy, asked.capability, asked.action, options.membership);
    if (decision.allowed) return undefined;
    options.onRefusal?.(asked.capability);
    const legacy = typed && policy.source === undefined && decision.reason === 'where';
    return new PolicyRefusal(legacy ? NOT_ENABLED_HERE : decision.sentence, {
      capability: asked.capability,
      user: asked.action.userId,
      channel: asked.action.channelId,
      reason: decision.reason,
      // Who may act is about the form as a whole; where it posts is about the channel field.
      field: decision.reason === 'who' ? undefined : asked.field,
    });
  };

  const middleware: Middleware<AnyMiddlewareArgs> = async ({ body, next }) => {
    const asked = askedBy(body as unknown as Body);
    const typed = typeof body === 'object' && 'command' in body;
    const refusal = asked === undefined ? undefined : await refusalOf(asked, typed);
    if (refusal !== undefined) throw refusal;
    await next();
  };

  const protect = (protections: Protections) => {
    for (const [id, capability] of Object.entries(protections.actions ?? {})) actions.set(id, capability);
    for (const [id, rule] of Object.entries(protections.views ?? {})) views.set(id, rule);
    for (const [id, capability] of Object.entries(protections.options ?? {})) suggestions.set(id, capability);
  };

  return {
    middleware,
    protect,
    current: () => policy,
    use(next) {
      policy = next;
    },
    membership: options.membership,
    refusal: (capability, action) => refusalOf({ capability, action }),
  };
}

function userOf(body: Body): string | undefined {
  if (typeof body.user_id === 'string') return body.user_id;
  const user = body.user as { id?: unknown } | undefined;
  return typeof user?.id === 'string' ? user.id : undefined;
}

/** The channel a click or options request happened in; none in a modal or on Home (the person's own). */
function channelOf(body: Body): string | undefined {
  const view = body.view as { type?: string } | undefined;
  if (view !== undefined) return undefined;
  const channel = body.channel as { id?: unknown } | undefined;
  if (typeof channel?.id === 'string') return channel.id;
  const container = body.container as { channel_id?: unknown } | undefined;
  return typeof container?.channel_id === 'string' ? container.channel_id : undefined;
}

/**
 * The conversation picked in a form's field (a conversations or channels select), trimmed; undefined
 * when none was. Every form reads its channel with this, and the gate with the form's own reader.
 */
export function pickedConversation(state: unknown, blockId: string): string | undefined {
  const block = (state as { values?: Record<string, Record<string, Record<string, unknown>>> } | undefined)
    ?.values?.[blockId];
  for (const element of Object.values(block ?? {})) {
    const picked = element.selected_conversation ?? element.selected_channel;
    if (typeof picked === 'string' && picked.trim() !== '') return picked.trim();
  }
  return undefined;
}
