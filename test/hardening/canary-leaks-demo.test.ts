// The canary leak suite for `npm run demo`: the whole tour (help, accounts, a search index request
// approved and created, stats with their card, a digest, a watch, a workflow step, a refusal) played
// against accounts whose secrets — named by the spec or not — are canaries. None may reach the demo's
// output folder (transcript, Block Kit JSON, cards), a Slack call, a log line or the demo's SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTour, type TourResult } from '../../src/demo/tour.ts';
import { type DemoWorkspace, startDemoWorkspace } from '../../src/demo/workspace.ts';
import { canaries, canary, leaks } from './canaries.ts';

describe('canary leak suite: the demo tour', () => {
  let demo: DemoWorkspace;
  let outDir: string;
  let result: TourResult;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'opsbot-demo-canary-'));
    demo = await startDemoWorkspace();
    // The tour's own accounts, with every secret (and some fields the spec does not name) a canary.
    demo.ws.mgmt.accounts = demo.ws.mgmt.accounts.map((account, n) => ({
      ...account,
      password: canary(`demoaccount${n}password`),
      token: canary(`demoaccount${n}token`),
      ...({
        read_only_password: canary(`demoaccount${n}readonlypassword`),
        internal_notes: canary(`demoaccount${n}internalnotes`),
        credentials: { api_key: canary(`demoaccount${n}apikey`) },
      } as object),
    }));
    result = await runTour({ demo, outDir });
  }, 90_000);

  afterAll(async () => {
    await demo?.stop();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('plays every step, showing the canaried accounts', () => {
    expect(result.steps.map((s) => [s.slug, s.status])).toEqual([
      ['help', 'ok'],
      ['accounts', 'ok'],
      ['drift', 'ok'],
      ['search', 'ok'],
      ['home', 'ok'],
      ['stats', 'ok'],
      ['digest', 'ok'],
      ['watch', 'ok'],
      ['workflow', 'ok'],
      ['agent', 'ok'],
      ['guardrails', 'ok'],
    ]);
    expect(demo.ws.mgmt.secretsHandedOut().filter((s) => canaries.has(s)).length).toBeGreaterThan(0);
  });

  it('leaks no canary into demo-output, Slack, the log or the database', () => {
    expect(leaks({ ws: demo.ws, dbPath: demo.databasePath, outputDir: outDir })).toEqual([]);
  });
});
