// (b) Running what the app tells people to type. An example is judged in the state it assumes:
// the index it names exists under that name (or, for naming one, the name is free), the watch it
// removes and the digest it shows or removes exist, and an index it forgets is one nothing uses
// (forgetting is refused otherwise).
import type { SimulatedWorkspace } from '../../../src/sim/workspace.ts';
import type { SeenText } from './collect.ts';
import type { Finding } from './detectors.ts';
import { type Example, isRefusal } from './examples.ts';
import type { Person } from './person.ts';

export type ExampleFixture = {
  /** The index the examples' name stands for, and the name. */
  indexId: string;
  name: string;
  /** An index no watch or digest uses, for an example that forgets the name. */
  unusedIndexId: string;
  /** A command that creates a watch, to make the watch an example removes. */
  watchCommand: string;
  /** Sets up a daily digest in the person's channel, for an example that shows or removes it. */
  setUpDigest(): Promise<void>;
};

/** The fixture's name on the index the example expects under it (none, for naming one). */
async function nameAs(ws: SimulatedWorkspace, who: Person, command: string, fixture: ExampleFixture) {
  const words = command.toLowerCase().split(/\s+/u);
  const naming = words[0] === 'index' && words[1] === 'name' && words.at(-1) === fixture.name;
  const forgetting = words[0] === 'index' && words[1] === 'forget';
  const holder = await ws.store.findIndexByName(fixture.name);
  const wanted = naming ? undefined : forgetting ? fixture.unusedIndexId : fixture.indexId;
  if (holder !== undefined && holder.id !== wanted)
    await ws.store.nameIndex(holder.id, null, { by: who.user, at: Date.now() });
  if (wanted === undefined || holder?.id === wanted) return;
  // An index is named only once opsbot knows it (has read it).
  await ws.store.rememberIndex({ id: wanted, kind: 'vector', at: Date.now() });
  await ws.store.nameIndex(wanted, fixture.name, { by: who.user, at: Date.now() });
}

async function prepareFor(ws: SimulatedWorkspace, who: Person, command: string, fixture: ExampleFixture) {
  await nameAs(ws, who, command, fixture);
  if (
    /^digest (remove|preview)/u.test(command) &&
    (await ws.store.getSubscription(who.channel)) === undefined
  )
    await fixture.setUpDigest();
  const removing = /^watch remove (\d+)$/u.exec(command);
  if (removing !== null) {
    const wanted = Number(removing[1]);
    const here = async () => (await ws.store.listWatches(who.channel)).some((w) => w.id === wanted);
    const highest = async () => Math.max(0, ...(await ws.store.listWatches()).map((w) => w.id));
    while (!(await here()) && (await highest()) < wanted) await who.command(fixture.watchCommand);
  }
}

/**
 * Runs each distinct example not in `ran` once (as `who`) and adds it there; an example answered
 * with a refusal is a finding.
 */
export async function runExamples(
  ws: SimulatedWorkspace,
  who: Person,
  examples: readonly Example[],
  fixture: ExampleFixture & { ran: Set<string> },
): Promise<Finding[]> {
  const fresh = examples.filter((e) => !fixture.ran.has(e.command));
  const distinct = [...new Map(fresh.map((e) => [e.command, e])).values()];
  const findings: Finding[] = [];
  for (const example of distinct) {
    fixture.ran.add(example.command);
    await prepareFor(ws, who, example.command, fixture);
    const answer: SeenText[] = await who.command(example.command);
    const refusal = isRefusal(answer);
    if (refusal !== undefined) {
      findings.push({
        kind: 'refused-example',
        match: example.command,
        where: `${example.where}, answered by ${refusal.where}`,
        text: refusal.text,
      });
    }
  }
  return findings;
}
