// The watch form's Slack side: opened (from the command or a list's Edit button) with the
// workspace's user groups listed, its submission read back (the rule, the channel, the owners) and
// saved through the service. A field that doesn't read is shown under that field.
import type { App, BlockAction, ButtonAction, ViewOutput } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import { within } from '../../../limiter.ts';
import type { Policy } from '../../../policy/index.ts';
import type { WebClient } from '../../../slack/web-client.ts';
import type { Watch } from '../../../store/index.ts';
import type { IndexNamesService } from '../../index-names/index.ts';
import { ACTION, BLOCK, VIEW } from '../ids.ts';
import { parseRemindEvery } from '../incident.ts';
import { type OwnersAsked, ownersProblem, readSpec, type WatchSpec } from '../input.ts';
import type { Owners, WatchesService } from '../service.ts';
import { confirmation } from '../views/incident-views.ts';
import { readMetadata, watchFormChannel, watchModal } from '../views/modal-view.ts';
import { type GroupOption, withOwners } from '../views/owners-view.ts';
import { ruleText } from '../views/views.ts';

/** The form field each of the spec's fields is typed in, for an error shown under it. */
const FIELD_BLOCK: Record<keyof WatchSpec, string> = {
  indexId: BLOCK.index,
  metric: BLOCK.metric,
  direction: BLOCK.direction,
  threshold: BLOCK.threshold,
  forChecks: BLOCK.forChecks,
};

/** The list's Edit button and the form's submission, new watch or edit alike. */
export function registerWatchForm(
  context: { app: App; commandName(): string; policy(): Policy },
  service: WatchesService,
  indexes: IndexNamesService,
): void {
  const { app } = context;
  // The form's index field is a type-ahead over the indexes opsbot knows.
  indexes.offerIn({ blockId: BLOCK.index, actionId: BLOCK.index });

  app.action<BlockAction<ButtonAction>>(ACTION.edit, async ({ ack, body, action, client }) => {
    await ack();
    const watch = await service.forEdit(Number(action.value));
    await openWatchForm(
      client,
      body.trigger_id,
      watchModal(watch.channelId, watch, await indexes.optionOf(watch.indexId)),
      { command: context.commandName(), policy: context.policy() },
      watch,
    );
  });

  app.view(VIEW.watch, async ({ ack, body, view }) => {
    const v = view.state.values;
    // What doesn't read is shown under its field, and the form stays open.
    const refuse = (block: string, problem: string) =>
      ack({ response_action: 'errors', errors: { [block]: problem } });
    const read = readSpec({
      indexId: v[BLOCK.index]?.[BLOCK.index]?.selected_option?.value,
      metric: v[BLOCK.metric]?.[BLOCK.metric]?.selected_option?.value,
      direction: v[BLOCK.direction]?.[BLOCK.direction]?.selected_option?.value,
      threshold: v[BLOCK.threshold]?.[BLOCK.threshold]?.value ?? undefined,
      forChecks: v[BLOCK.forChecks]?.[BLOCK.forChecks]?.value ?? undefined,
    });
    if (!read.ok) return refuse(FIELD_BLOCK[read.field], read.problem.replaceAll('`', ''));
    const metadata = readMetadata(view.private_metadata);
    const channelId = watchFormChannel(view);
    if (channelId === undefined) return refuse(BLOCK.channel, 'Pick the channel for the alerts.');
    const owners = await readOwners(v, async () =>
      // A watch removed meanwhile is answered by the edit itself, with how to set it up again.
      metadata?.watchId === undefined
        ? []
        : ((await service.forEdit(metadata.watchId).catch(() => undefined))?.notify.groups ?? []),
    );
    if (!owners.ok) return refuse(BLOCK.remind, owners.problem);
    const limited = ownersProblem(owners.asked, context.policy());
    if (limited) return refuse(BLOCK[limited.field], limited.problem);
    const full = await service.channelFull(channelId, metadata?.watchId);
    if (full !== undefined) return refuse(BLOCK.channel, full);
    const note = v[BLOCK.note]?.[BLOCK.note]?.value?.trim() || null;
    const watch =
      metadata?.watchId === undefined
        ? await service.create(read.spec, channelId, body.user.id, note, owners.owners)
        : await service.edit(metadata.watchId, read.spec, channelId, body.user.id, note, owners.owners);
    await ack();
    await app.client.chat.postEphemeral({
      channel: channelId,
      user: body.user.id,
      text: `:eyes: Watch #${watch.id} set: ${ruleText(watch)}. Alerts go to this channel${confirmation(watch)}.`,
    });
  });
}

/** Slack lets a trigger_id open a view for 3 s: the group list gets this long, then the form opens without it. */
const GROUPS_WAIT_MS = 1_500;

/** The workspace's enabled user groups, or undefined when Slack didn't list them in time (or refused). */
async function userGroups(client: WebClient): Promise<GroupOption[] | undefined> {
  const listed = client.usergroups
    .list({ include_disabled: false })
    .then((r) =>
      (r.usergroups ?? []).flatMap((g) =>
        g.id !== undefined && g.handle !== undefined ? [{ id: g.id, handle: g.handle }] : [],
      ),
    )
    .catch(() => undefined);
  return within(listed, GROUPS_WAIT_MS, undefined);
}

export async function openWatchForm(
  client: WebClient,
  triggerId: string,
  view: ModalView,
  asked: { command: string; policy: Policy },
  existing?: Watch,
): Promise<void> {
  const groups = await userGroups(client);
  const owners = withOwners(view, groups, { ...asked, existing });
  await client.views.open({ trigger_id: triggerId, view: owners });
}

/**
 * The form's ownership fields. `keptGroups`: the groups an edited watch calls, kept when the form
 * could not offer the list (Slack didn't answer in time).
 */
async function readOwners(
  values: ViewOutput['state']['values'],
  keptGroups: () => Promise<string[]>,
): Promise<{ ok: true; owners: Owners; asked: OwnersAsked } | { ok: false; problem: string }> {
  const users = values[BLOCK.notifyUsers]?.[BLOCK.notifyUsers]?.selected_users;
  const groupField = values[BLOCK.notifyGroups]?.[BLOCK.notifyGroups];
  // The option's text is the group's handle as the form offered it (`@search-oncall`).
  const named = groupField?.selected_options?.flatMap((o) =>
    o.value === undefined ? [] : [{ id: o.value, handle: o.text?.text?.replace(/^@/, '') }],
  );
  const groups = named?.map((g) => g.id);
  const remindText = values[BLOCK.remind]?.[BLOCK.remind]?.value?.trim() ?? '';
  const remind = remindText === '' ? undefined : parseRemindEvery(remindText);
  if (remind !== undefined && !remind.ok)
    return {
      ok: false,
      problem: 'Write a whole number of minutes or hours (20m, 2h), or never.',
    };
  const owners: Owners = {};
  if (users !== undefined || groups !== undefined)
    owners.notify = { users: users ?? [], groups: groups ?? (await keptGroups()) };
  if (remind !== undefined) owners.remindEveryMs = remind.value;
  const asked: OwnersAsked = {
    users: users ?? [],
    groups: named ?? (owners.notify?.groups ?? []).map((id) => ({ id })),
    remindEveryMs: owners.remindEveryMs,
  };
  return { ok: true, owners, asked };
}
