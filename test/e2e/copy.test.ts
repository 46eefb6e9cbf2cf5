// The copy test: every command of the router's table, every form, every button, Home and a watch
// that fires, in both transports; every text a person could see is read for the wrong words — an
// unescaped `<word>`, an example the app itself refuses, a metric or an index written another way
// than its one formatter writes it, a raw Block Kit element type, an internal word. What is still
// wrong and known is listed in copy-known-defects.ts; anything else fails, and so does a listed
// defect that no longer occurs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import {
  elementType,
  type Finding,
  internalWord,
  metricSpelling,
  unescapedAngle,
} from '../support/copy/detectors.ts';
import { INDEX_FORMATTER } from '../support/copy/index-formatter.ts';
import { indexLabel, type NamedIndex } from '../support/copy/index-labels.ts';
import { metricNameFor } from '../support/copy/metric-names.ts';
import { personIn } from '../support/copy/person.ts';
import { runTour } from '../support/copy/tour.ts';
import { describeFindings, detect, stale, unlisted } from '../support/copy/verdict.ts';
import { watchSteering } from '../support/watch-steering.ts';
import { KNOWN_DEFECTS } from './copy-known-defects.ts';

const INTERVAL = 300_000;
/** The index the examples call `catalog`; idx-2 is the one whose cost the simulator lets us steer. */
const NAMED: NamedIndex = { id: 'idx-2', name: 'catalog' };

describe.each(['http', 'socket'] as const)('copy: every word a person reads (%s)', (mode) => {
  let ws: SimulatedWorkspace;
  let now = Date.now();
  let findings: Finding[] = [];
  const steer = watchSteering({
    ws: () => ws,
    channel: SIM_IDS.generalChannel,
    advance: () => (now += INTERVAL),
  });

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      mode,
      clock: () => now,
      env: { WATCH_INTERVAL_MS: String(INTERVAL) },
    });
    const requester = personIn(ws, { user: SIM_IDS.requester, channel: SIM_IDS.generalChannel });
    const approver = personIn(ws, { user: SIM_IDS.approver, channel: SIM_IDS.approvalChannel });
    const cost = metricNameFor('monthly_cost') ?? 'monthly_cost';
    const refusedExamples = await runTour(
      ws,
      { requester, approver },
      {
        fixture: {
          ...{ indexId: NAMED.id, name: NAMED.name, unusedIndexId: 'idx-empty' },
          watchCommand: `watch ${NAMED.name} ${cost} > 50`,
        },
        watchCheck: async (firing) => {
          steer.setCost(firing ? 500 : 1);
          // Watches fire after three checks over the threshold unless told otherwise.
          for (let check = 0; check < 3; check++) await steer.check();
        },
      },
    );
    const detectors = [
      unescapedAngle,
      elementType,
      internalWord,
      metricSpelling(metricNameFor),
      indexLabel(() => [NAMED], INDEX_FORMATTER),
    ];
    findings = [...detect(requester.seen(), detectors), ...refusedExamples];
  }, 120_000);
  afterAll(async () => {
    await ws?.stop();
  });

  it('saw what a person sees: help, forms, an alert, Home, answers to clicks', () => {
    const methods = new Set(ws.slack.calls.filter((c) => c.ok).map((c) => c.method));
    for (const method of ['views.open', 'views.publish', 'chat.postMessage', 'chat.update', 'response_url']) {
      expect(methods).toContain(method);
    }
  });

  // The tour reads each answer right after the app's work drains: a refusal answered by the guard
  // must be part of that work (a shutdown waits for it too).
  it("a refusal has reached Slack once the app's work for the command is done", async () => {
    const res = await ws.driver.command('index forget nosuch-name', {
      userId: SIM_IDS.requester,
      channelId: SIM_IDS.generalChannel,
    });
    expect(await ws.opsbot.work.drain(10_000)).toBe(true);
    const answer = ws.slack.responses.find((r) => r.url === res.responseUrl);
    expect(answer?.text).toMatch(/^:warning: No index is named `nosuch-name`/);
  });

  it.each([
    'unescaped-angle',
    'refused-example',
    'metric-spelling',
    'index-label',
    'element-type',
    'internal-word',
  ] as const)('finds no %s defect that is not on the known list', (kind) => {
    const found = unlisted(findings, KNOWN_DEFECTS).filter((f) => f.kind === kind);
    expect(describeFindings(found)).toEqual([]);
  });

  it('every known defect still occurs (a fixed one leaves the list)', () => {
    expect(stale(findings, KNOWN_DEFECTS).map((entry) => `${entry.kind} ${entry.pattern}`)).toEqual([]);
  });
});
