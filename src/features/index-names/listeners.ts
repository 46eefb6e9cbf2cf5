// The Bolt side of the indexes feature: `/ops index name|list|rename|forget`, and the options
// requests (block_suggestion) of every index picker other features put in their forms. Ack, ask
// the service, answer; a problem is thrown with its sentence and the guard tells the person.
import type { App, BlockSuggestion } from '@slack/bolt';
import type { StatsReader } from '../../api/shared-reads.ts';
import { extraArgumentsSentence } from '../../slack/grammar.ts';
import { channelsSeenBy, type SlackMembership } from '../../slack/membership.ts';
import type { CommandContext, CommandRouter, Subcommand } from '../../slack/router.ts';
import type { UserTimeZone } from '../../slack/user-time-zone.ts';
import { personTimeZone } from '../../time/audience.ts';
import type { IndexNamesService, OptionsAnswerer } from './service.ts';
import { forgottenText, listMessage, namedText, renamedText } from './views.ts';

type IndexSubcommand = Pick<Subcommand, 'words' | 'usage' | 'example'>;
const NAME: IndexSubcommand = {
  words: ['index', 'name'],
  usage: '<id> <name>',
  example: 'index name 0d6f3f5e-1111-4a2b-8c3d-9e8f7a6b5c4d catalog',
};
const RENAME: IndexSubcommand = {
  words: ['index', 'rename'],
  usage: '<name> <new-name>',
  example: 'index rename catalog products',
};
const FORGET: IndexSubcommand = {
  words: ['index', 'forget'],
  usage: '<name>',
  example: 'index forget catalog',
};

/** How long the list waits for Slack to name the person's zone before it speaks UTC. */
const ZONE_WAIT_MS = 1_000;

const ephemeral = (ctx: CommandContext, text: string) => ctx.respond({ response_type: 'ephemeral', text });

/** What the index commands use: where they register, who may see a channel, a person's zone. */
type IndexListenerDeps = {
  router: CommandRouter;
  membership: Pick<SlackMembership, 'canSee'>;
  userTimeZone: UserTimeZone;
};

export function registerIndexListeners(
  { router, membership, userTimeZone }: IndexListenerDeps,
  service: IndexNamesService,
  reader: StatsReader,
): void {
  /** Too few words are answered by the router (from `usage`); too many, here. */
  const needs = async (ctx: CommandContext, sub: IndexSubcommand, count: number): Promise<boolean> => {
    await ctx.ack();
    if (ctx.args.length <= count) return true;
    await ephemeral(ctx, `:warning: ${extraArgumentsSentence(ctx.command.command, sub, ctx.args)}`);
    return false;
  };

  router.register({
    lateInHelp: true,
    ...NAME,
    capability: 'index.manage',
    description: 'give an index a short name (lowercase letters, digits, hyphens) to type instead of its id',
    async handle(ctx) {
      if (!(await needs(ctx, NAME, 2))) return;
      const [target = '', name = ''] = ctx.args;
      const index = await service.name(target, name, reader, ctx.command.user_id);
      await ephemeral(ctx, namedText(index, ctx.command.command));
    },
  });

  router.register({
    lateInHelp: true,
    words: ['index', 'list'],
    example: 'index list',
    description: 'the indexes opsbot knows: names, last use, and the watches and digests using them',
    async handle(ctx) {
      await ctx.ack();
      const userId = ctx.command.user_id;
      const seenBy = (channels: readonly string[]) => channelsSeenBy(membership, userId, channels);
      const [{ listed, total, hidden }, zone] = await Promise.all([
        service.list(seenBy),
        userTimeZone(ctx.client, userId, ZONE_WAIT_MS),
      ]);
      const message = listMessage(listed, total, ctx.command.command, hidden, personTimeZone(zone));
      await ctx.respond({ response_type: 'ephemeral', ...message });
    },
  });

  router.register({
    lateInHelp: true,
    ...RENAME,
    capability: 'index.manage',
    description: 'rename an index; watches and digests follow it',
    async handle(ctx) {
      if (!(await needs(ctx, RENAME, 2))) return;
      const [from = '', to = ''] = ctx.args;
      const renamed = await service.rename(from, to, ctx.command.user_id);
      await ephemeral(ctx, renamedText(renamed.from, renamed.index));
    },
  });

  router.register({
    lateInHelp: true,
    ...FORGET,
    capability: 'index.manage',
    description: 'forget an index and its name (refused while a watch or a digest uses it)',
    async handle(ctx) {
      if (!(await needs(ctx, FORGET, 1))) return;
      const forgotten = await service.forget(ctx.args[0] ?? '');
      await ephemeral(ctx, forgottenText(forgotten));
    },
  });
}

/** Answers one picker's options requests: a store query, well inside Slack's 3 s. */
export const optionsAnswerer =
  (app: App): OptionsAnswerer =>
  (where, options) => {
    app.options<'block_suggestion'>(
      { type: 'block_suggestion', block_id: where.blockId, action_id: where.actionId },
      async ({ ack, body }) => {
        await ack({ options: await options((body as BlockSuggestion).value ?? '') });
      },
    );
  };
