// The copy test's tour of the app: every command of the router's table (alone, as its example,
// with bad arguments), help, a known word alone, a typo, every form (invalid, then valid), a watch
// that fires, Home, and every button and menu the app posted. What it shows is read afterwards.
import type { SimulatedWorkspace } from '../../../src/sim/workspace.ts';
import { formValues, submitBothWays, viewsOpenedSince } from './forms.ts';
import { metricNameFor } from './metric-names.ts';
import type { CopySession } from './session.ts';

export type TourPeople = { requester: CopySession; approver: CopySession };

/** `/ops <text>` by the person, then each modal it opened submitted both ways. */
export async function commandWithForms(ws: SimulatedWorkspace, who: CopySession, text: string) {
  const before = ws.slack.views.length;
  const shown = await who.command(text);
  for (const view of viewsOpenedSince(ws, who.user, before)) await submitBothWays(ws, who, view);
  return shown;
}

/** The commands a person might type: the whole table, and the ways people get it wrong. */
export function commandsToTry(ws: SimulatedWorkspace): string[] {
  const table = ws.opsbot.router.list();
  const firstWords = [...new Set(table.map((sub) => sub.words[0] ?? ''))];
  // Typed as the table names it, so an echo of what the person typed is never a second spelling.
  const cost = metricNameFor('monthly_cost') ?? 'monthly_cost';
  return [
    'help',
    '',
    ...firstWords,
    ...table.flatMap((sub) => [
      sub.words.join(' '),
      sub.example,
      `${sub.words.join(' ')} nosuch-thing 17 extra`,
    ]),
    // A typo of a subcommand, a word opsbot doesn't know, and bad arguments people really type.
    'serach requests',
    'launch rockets',
    'stats catalog 7days',
    'stats nosuch-index',
    'watch catalog happiness > 3',
    `watch catalog ${cost} > lots`,
    'watch remove 999',
    'index rename nosuch-name other',
  ];
}

/** One person's Home tab opened, as Slack does when they click on the app. */
export async function openHomeOf(ws: SimulatedWorkspace, who: CopySession): Promise<void> {
  await ws.driver.openHome({ userId: who.user });
  await ws.opsbot.work.drain(10_000);
}

export { formValues };
