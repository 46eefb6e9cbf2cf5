// The copy test's tour of the app: every command of the router's table (alone, as its example,
// with arguments it doesn't take), help, a known word alone, a typo, every form (invalid, then valid), a watch
// that fires, Home, and every button and menu the app posted. What it shows is read afterwards.
import type { SimulatedWorkspace } from '../../../src/sim/workspace.ts';
import { exampleText } from '../../../src/slack/help-view.ts';
import { openHome } from '../home.ts';
import { clickEverything } from './clicks.ts';
import type { Finding } from './detectors.ts';
import { type ExampleFixture, runExamples } from './example-runs.ts';
import { type Example, examplesIn } from './examples.ts';
import { submitBothWays, viewsOpenedSince } from './forms.ts';
import { metricNameFor } from './metric-names.ts';
import type { Person } from './person.ts';

export type TourPeople = { requester: Person; approver: Person };

/** `/ops <text>` by the person, then each modal it opened submitted both ways. */
export async function commandWithForms(ws: SimulatedWorkspace, who: Person, text: string) {
  const before = ws.slack.views.length;
  const shown = await who.command(text);
  for (const view of viewsOpenedSince(ws, who.user, before)) await submitBothWays(ws, who, view);
  return shown;
}

/**
 * The commands a person might type: each of the table's subcommands alone and with arguments it
 * doesn't take, and the ways people get it wrong. The table's examples run with the others (example-runs.ts).
 */
export function commandsToTry(ws: SimulatedWorkspace): string[] {
  const table = ws.opsbot.router.list();
  const firstWords = [...new Set(table.map((sub) => sub.words[0] ?? ''))];
  // Typed as the table names it, so an echo of what the person typed is never a second spelling.
  const cost = metricNameFor('monthly_cost') ?? 'monthly_cost';
  return [
    'help',
    '',
    ...firstWords,
    ...table.flatMap((sub) => [sub.words.join(' '), `${sub.words.join(' ')} nosuch-thing 17 extra`]),
    // A typo of a subcommand, a word opsbot doesn't know, and bad arguments people really type.
    'serach requests',
    'launch rockets',
    'stats catalog 7days',
    'stats nosuch-index',
    'watch catalog happiness > 3',
    `watch catalog ${cost} > lots`,
    'watch remove 999',
    'index rename nosuch-name other',
    // A usage line copied as is, placeholders and all.
    'watch remove <n>',
    'index forget <name>',
  ];
}

/**
 * The table's own examples as help shows them once the fixture's index is named (they name an index
 * the workspace knows), and every one a text the person saw introduced as one.
 */
function examplesShown(ws: SimulatedWorkspace, who: Person, indexName: string): Example[] {
  return [
    ...ws.opsbot.router
      .list()
      .map((sub) => ({ command: exampleText(sub, indexName), where: 'the command table', shownIn: '' })),
    ...who.seen().flatMap((text) => examplesIn(text, ws.opsbot.router.commandName)),
  ];
}

export type TourSteps = {
  /** The examples' state: the named index and the rest (example-runs.ts). */
  fixture: Omit<ExampleFixture, 'setUpDigest'>;
  /** Makes the watches fire (`firing`) or recover, and runs one check. */
  watchCheck(firing: boolean): Promise<unknown>;
};

/**
 * The whole tour; returns the examples the app refused. Examples run first, on a clean workspace
 * (the state they assume), then again for those only later answers showed.
 */
export async function runTour(
  ws: SimulatedWorkspace,
  people: TourPeople,
  steps: TourSteps,
): Promise<Finding[]> {
  const { requester, approver } = people;
  const fixture = {
    ...steps.fixture,
    setUpDigest: async () => void (await commandWithForms(ws, requester, 'digest')),
    ran: new Set<string>(),
  };
  const examples = () => runExamples(ws, requester, examplesShown(ws, requester, fixture.name), fixture);
  await requester.command(`index name ${fixture.indexId} ${fixture.name}`);
  await requester.command('help');
  const refused = await examples();
  for (const text of commandsToTry(ws)) await commandWithForms(ws, requester, text);
  refused.push(...(await examples()));
  // A watch that fires and recovers: the alert, its buttons, the note in its thread.
  await steps.watchCheck(true);
  for (const who of [requester, approver]) await openHome(ws, who.user);
  const clicked = await clickEverything(ws, approver);
  await clickEverything(ws, requester, clicked);
  await steps.watchCheck(false);
  refused.push(...(await examples()));
  return refused;
}
