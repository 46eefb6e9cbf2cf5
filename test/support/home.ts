// The Home tab as a person sees it in the simulated workspace: open it, read it, click on it.
import type { SimView } from '../../src/sim/slack/index.ts';
import type { SimulatedWorkspace } from '../../src/sim/workspace.ts';
import { textOf } from './blocks.ts';

type Workspace = Pick<SimulatedWorkspace, 'slack' | 'driver'>;

export function publishesFor(ws: Workspace, userId: string): number {
  return ws.slack.callsTo('views.publish').filter((c) => c.ok && c.args.user_id === userId).length;
}

/** Opens the Home tab and waits until the publish it causes has arrived; returns the tab. */
export async function openHome(ws: Workspace, userId: string): Promise<SimView> {
  const before = publishesFor(ws, userId);
  const res = await ws.driver.openHome({ userId });
  if (res.status !== 200) throw new Error(`app_home_opened answered ${res.status}`);
  await ws.slack.waitFor(() => publishesFor(ws, userId) > before, 3000);
  return homeOf(ws, userId);
}

export function homeOf(ws: Workspace, userId: string): SimView {
  const view = ws.slack.homeOf(userId);
  if (view === undefined) throw new Error(`no Home tab published for ${userId}`);
  return view;
}

export const homeText = (ws: Workspace, userId: string): string => textOf(homeOf(ws, userId).blocks);

/** Waits until the person's Home tab (republished by opsbot, not reopened) satisfies `predicate`. */
export async function waitForHome(ws: Workspace, userId: string, predicate: (text: string) => boolean) {
  await ws.slack.waitFor(() => {
    const view = ws.slack.homeOf(userId);
    return view !== undefined && predicate(textOf(view.blocks));
  }, 5000);
  return homeText(ws, userId);
}
