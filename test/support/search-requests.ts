// Drives the search-requests flow against a simulated workspace the way people do it: type the
// command, fill in the modal, click the card's buttons. Used by test/e2e/search-requests*.test.ts.

import type { SlackDriver } from '../../src/sim/driver/driver.ts';
import type { SimCall, SimMessage, SimView } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace } from '../../src/sim/workspace.ts';
import { textOf } from './blocks.ts';

export { textOf };

type Workspace = Pick<SimulatedWorkspace, 'slack' | 'driver'>;

/** The newest view opened for `userId` with this callback id, waiting for it to appear. */
export async function viewFor(
  ws: Workspace,
  userId: string,
  callbackId: string,
  after = 0,
): Promise<SimView> {
  const isIt = (v: (typeof ws.slack.views)[number]) =>
    v.user === userId && v.view.callback_id === callbackId && v.via === 'views.open';
  await ws.slack.waitFor(() => ws.slack.views.filter(isIt).length > after, 3000).catch(() => undefined);
  const found = ws.slack.views.filter(isIt)[after];
  if (!found) throw new Error(`no ${callbackId} modal opened for ${userId}`);
  return found.view;
}

export function countViews(ws: Workspace, userId: string, callbackId: string): number {
  return ws.slack.views.filter(
    (v) => v.user === userId && v.view.callback_id === callbackId && v.via === 'views.open',
  ).length;
}

export type RequestInput = {
  userId?: string;
  text?: string;
  values?: Record<string, Record<string, unknown>>;
  reason?: string;
  driver?: SlackDriver;
  /** The slash command as the workspace names it; `/ops` by default. */
  command?: string;
};

/** `/ops search create …`, then the request modal submitted. Returns the submit's ack. */
export async function fileRequest(ws: Workspace, input: RequestInput = {}) {
  const userId = input.userId ?? SIM_IDS.requester;
  const driver = input.driver ?? ws.driver;
  const before = countViews(ws, userId, 'search.request');
  await driver.command(input.text ?? 'search create product-search eu-west-1 payg', {
    userId,
    channelId: SIM_IDS.generalChannel,
    ...(input.command === undefined ? {} : { command: input.command }),
  });
  const view = await viewFor(ws, userId, 'search.request', before);
  const values = { search_reason: { search_reason: input.reason ?? 'Catalogue search' }, ...input.values };
  return driver.submitView({ userId, view, values });
}

/**
 * The approval card of request #id, as the simulator holds it now (after any chat.update). Cards in
 * one channel go about a second apart (Slack's rate per channel): wait longer for the tenth.
 */
export async function cardFor(ws: Workspace, id: number, timeoutMs = 3000): Promise<SimMessage> {
  const find = () =>
    ws.slack
      .messagesIn(SIM_IDS.approvalChannel)
      .find((m) => m.text.startsWith(`Search index request #${id} `));
  await ws.slack.waitFor(() => find() !== undefined, timeoutMs);
  const card = find();
  if (!card) throw new Error(`no card for request #${id}`);
  return card;
}

export async function waitForCard(
  ws: Workspace,
  id: number,
  predicate: (text: string) => boolean,
  timeoutMs = 5000,
) {
  await ws.slack.waitFor(() => {
    const card = ws.slack
      .messagesIn(SIM_IDS.approvalChannel)
      .find((m) => m.text.startsWith(`Search index request #${id} `));
    return card !== undefined && predicate(textOf(card.blocks));
  }, timeoutMs);
  return cardFor(ws, id);
}

/** The card as it was first posted (with its buttons), for replaying a click on a stale card. */
export async function originalCard(ws: Workspace, id: number): Promise<SimMessage> {
  const current = await cardFor(ws, id);
  const posted = ws.slack.calls.find(
    (c) =>
      c.method === 'chat.postMessage' &&
      c.ok &&
      String(c.args.text).startsWith(`Search index request #${id} `),
  );
  return { ...current, blocks: (posted?.args.blocks as unknown[] | undefined) ?? [] };
}

/** Clicks Approve/Reject on the card and returns the modal it opened. */
export async function openDecision(
  ws: Workspace,
  userId: string,
  id: number,
  kind: 'approve' | 'reject',
  driver?: SlackDriver,
) {
  const callbackId = `search.${kind}_modal`;
  const before = countViews(ws, userId, callbackId);
  await (driver ?? ws.driver).clickButton({
    userId,
    message: await cardFor(ws, id),
    actionId: `search.${kind}`,
  });
  return viewFor(ws, userId, callbackId, before);
}

/** Text of every DM the bot sent to `userId`, oldest first. */
export async function dmsTo(ws: Workspace, userId: string): Promise<string[]> {
  const channel = ws.slack.dmWith(userId);
  return ws.slack.messagesIn(channel).map((m) => textOf(m.blocks));
}

/** Waits until a DM to `userId` contains `text`; returns all DMs' text. */
export async function waitForDm(ws: Workspace, userId: string, text: string): Promise<string[]> {
  const channel = ws.slack.dmWith(userId);
  await ws.slack.waitFor(
    () => ws.slack.messagesIn(channel).some((m) => textOf(m.blocks).includes(text)),
    5000,
  );
  return dmsTo(ws, userId);
}

export async function waitForCall(ws: Workspace, predicate: (call: SimCall) => boolean, ms = 5000) {
  return ws.slack.waitFor(predicate, ms);
}

/** The answer posted through a click's or command's response_url, waiting for it to arrive. */
export async function replyTo(ws: Workspace, url: string | undefined) {
  await ws.slack.waitFor(() => ws.slack.responses.some((r) => r.url === url), 3000);
  const reply = ws.slack.responses.find((r) => r.url === url);
  if (reply === undefined) throw new Error(`no answer through ${url}`);
  return reply;
}

/** The field errors a view submission's ack showed in the open modal. */
export const fieldErrors = (result: { ack: unknown }) =>
  (result.ack as { errors?: Record<string, string> } | undefined)?.errors ?? {};
