// Every button and menu the app posted, clicked once by kind (its action id on its kind of
// surface): in channel messages, ephemeral answers, modals and Home. A click that opens a modal
// gets that modal submitted both ways.
import type { MessageLike } from '../../../src/sim/driver/index.ts';
import { interactiveElements } from '../../../src/sim/driver/index.ts';
import type { SimView } from '../../../src/sim/slack/index.ts';
import type { SimulatedWorkspace } from '../../../src/sim/workspace.ts';
import { submitBothWays, viewsOpenedSince } from './forms.ts';
import type { Person } from './person.ts';

type Json = Record<string, unknown>;
type Clickable = {
  surface: string;
  actionId: string;
  value: string | undefined;
  menu: boolean;
  message?: MessageLike;
  view?: SimView;
};

const CLICKED = new Set(['button', 'static_select', 'overflow']);

function choiceOf(element: Json): string | undefined {
  if (element.type === 'button') return typeof element.value === 'string' ? element.value : undefined;
  const options = (element.options as Json[] | undefined) ?? [];
  const value = options.at(-1)?.value;
  return typeof value === 'string' ? value : undefined;
}

function clickablesIn(blocks: unknown, surface: string, where: { message?: MessageLike; view?: SimView }) {
  return interactiveElements(blocks)
    .filter(({ element }) => CLICKED.has(String(element.type)))
    .map(
      ({ element }): Clickable => ({
        surface,
        actionId: String(element.action_id),
        value: choiceOf(element),
        menu: element.type !== 'button',
        ...where,
      }),
    );
}

/** What the person can click now: messages in every channel opsbot posted to, their ephemerals, Home, open modals. */
function clickables(ws: SimulatedWorkspace, who: Person): Clickable[] {
  const channels = new Set(ws.slack.callsTo('chat.postMessage').map((c) => String(c.args.channel)));
  const messages = [...channels].flatMap((channel) => ws.slack.messagesIn(channel));
  const ephemerals = ws.slack.ephemeralsFor(who.user).map((e) => ({ ...e, isEphemeral: true }));
  const home = ws.slack.homeOf(who.user);
  return [
    ...messages.flatMap((m) => clickablesIn(m.blocks, 'message', { message: m })),
    ...[...ephemerals, ...who.ackedMessages()].flatMap((m) =>
      clickablesIn(m.blocks, 'ephemeral', { message: m }),
    ),
    ...(home === undefined ? [] : clickablesIn(home.blocks, 'home', { view: home })),
    ...ws.slack.openViews(who.user).flatMap((v) => clickablesIn(v.blocks, 'modal', { view: v })),
  ];
}

/** Where a click lands: the message, or the view and the row the button's value names. */
const placeOf = (target: Clickable) => target.message?.ts ?? `${target.view?.id}:${target.value}`;

/**
 * Clicks each kind of button or menu once (as `who`), each where no click landed yet if it can (so
 * Approve and Reject each meet a pending request), and submits what it opened; returns the kinds.
 */
export async function clickEverything(ws: SimulatedWorkspace, who: Person, done = new Set<string>()) {
  const all = clickables(ws, who);
  const touched = new Set<string>();
  for (const first of all) {
    const kind = `${first.surface}:${first.actionId}`;
    if (done.has(kind)) continue;
    done.add(kind);
    const same = all.filter((t) => t.surface === first.surface && t.actionId === first.actionId);
    const target = same.find((t) => !touched.has(placeOf(t))) ?? first;
    touched.add(placeOf(target));
    const before = ws.slack.views.length;
    if (target.view !== undefined) await who.clickInView(target.view, target.actionId, target.value);
    else if (target.message !== undefined)
      await who.clickInMessage(target.message, target.actionId, target.value, target.menu);
    for (const view of viewsOpenedSince(ws, who.user, before)) await submitBothWays(ws, who, view);
  }
  return done;
}
