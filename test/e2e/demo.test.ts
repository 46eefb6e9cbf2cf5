import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTour, type TourResult } from '../../src/demo/tour.ts';
import { type DemoWorkspace, startDemoWorkspace } from '../../src/demo/workspace.ts';
import { walkthroughDisagreements } from '../support/readme-walkthrough.ts';

const mainPath = fileURLToPath(new URL('../../src/demo/main.ts', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The transcript from the line starting with `from` up to (not including) the next step heading. */
function section(transcript: string, from: string): string {
  const start = transcript.indexOf(from);
  if (start === -1) throw new Error(`no "${from}" in the transcript`);
  const next = transcript.indexOf('\n━━ ', start + from.length);
  return transcript.slice(start, next === -1 ? undefined : next);
}

/** Each of `expected` in `text`, in that order. */
function expectInOrder(text: string, expected: readonly string[]): void {
  let at = 0;
  for (const part of expected) {
    const found = text.indexOf(part, at);
    expect(found, `"${part}" after position ${at}`).toBeGreaterThanOrEqual(at);
    at = found;
  }
}

describe('e2e: npm run demo — the tour, in process', () => {
  let demo: DemoWorkspace;
  let outDir: string;
  let result: TourResult;
  let secrets: string[];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'opsbot-demo-test-'));
    demo = await startDemoWorkspace();
    result = await runTour({ demo, outDir });
    secrets = demo.ws.mgmt.secretsHandedOut();
  }, 60_000);
  afterAll(async () => {
    await demo?.stop();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('completes every step', () => {
    expect(result.steps.map((s) => [s.slug, s.status, s.detail])).toEqual([
      ['help', 'ok', undefined],
      ['accounts', 'ok', undefined],
      ['drift', 'ok', undefined],
      ['search', 'ok', undefined],
      ['home', 'ok', undefined],
      ['stats', 'ok', undefined],
      ['digest', 'ok', undefined],
      ['watch', 'ok', undefined],
      ['workflow', 'ok', undefined],
      ['agent', 'ok', undefined],
      ['guardrails', 'ok', undefined],
    ]);
    expect(result.ok).toBe(true);
    expect(result.transcript).toContain('The tour completed.');
  });

  it('shows the requester the help card, privately', () => {
    const help = section(result.transcript, '▶ @requester types in #general:  /ops help');
    expect(help).toContain('↳ opsbot → only @requester sees, in #general');
    for (const command of [
      '/ops search create',
      '/ops messaging accounts',
      '/ops vector stats',
      '/ops digest',
    ])
      expect(help).toContain(command);
    // The demo's policy narrows no earlier step: the card in #general is the whole one.
    expect(help).not.toContain('These are the commands you can use here.');
  });

  it('shows messaging accounts with every token masked, then shared in the channel', () => {
    const accounts = section(result.transcript, '▶ @requester types in #general:  /ops messaging accounts');
    expect(accounts).toContain('↳ opsbot → only @requester sees, in #general');
    expect(accounts).toMatch(/token ••••[0-9a-zA-Z]{4}/);
    expect(accounts).toContain('▶ @requester clicks [Share in channel] in #general');
    expect(accounts).toContain('↳ opsbot posts in #general');
  });

  it('walks a search index request from the modal to one created index', () => {
    const search = section(result.transcript, '▶ @requester types in #general:  /ops search create');
    const expected = [
      'opsbot opens a modal for @requester: “Request a search index”',
      'presses [Request]',
      '↳ opsbot posts in #approvals',
      'Search index request #1',
      '[Approve] [Reject]',
      '▶ @approver clicks [Approve] on the request card in #approvals',
      'opsbot opens a modal for @approver: “Approve request #1”',
      '↳ opsbot updates its message in #approvals',
      'Created',
      'approved by @approver',
      '↳ opsbot posts in a DM to @requester',
      'Your search index is ready',
      'The management API received exactly one POST /v2/search',
    ];
    expectInOrder(search, expected);
    expect(search).toMatch(/token ••••[0-9a-zA-Z]{4}/);
    expect(demo.ws.mgmt.created.filter((r) => r.name === 'product-search')).toHaveLength(1);
  });

  it('opens the Home tab for the approver and the requester', () => {
    const home = section(result.transcript, "▶ @approver opens opsbot's Home tab");
    expect(home).toContain("↳ opsbot publishes @approver's Home tab");
    expect(home).toContain('Waiting for you (0)');
    expect(home).toContain("▶ @requester opens opsbot's Home tab");
    expect(home).toContain("↳ opsbot publishes @requester's Home tab");
    expect(home).toContain('#1');
    expect(home).toContain('*created* · approved by @approver');
  });

  it('posts stats with a PNG card for 1 hour, then re-renders them for 7 days', () => {
    const stats = section(result.transcript, '▶ @requester types in #general:  /ops vector stats idx-1 1h');
    expect(stats).toContain('Vector index idx-1 · last hour');
    expect(stats).toContain('picks “7d · last 7 days” in the period picker');
    expect(stats).toContain('Vector index catalog (idx-1) · last 7 days');
    const images = [
      ...stats.matchAll(/\[image: Vector index (?:idx-1|catalog \(idx-1\)).*? → (.+\.png)\]/g),
    ].map((m) => m[1] ?? '');
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(result.files).toContain(image);
      expect(readFileSync(image).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    }
  });

  it('sets up a daily digest in a modal and posts it when the clock reaches its time', () => {
    const digest = section(result.transcript, '▶ @requester types in #team-ops:  /ops digest');
    expect(digest).toContain('opsbot opens a modal for @requester: “Daily digest”');
    expect(digest).toContain('the modal changes, for @requester');
    expect(digest).toMatch(/The demo moves its clock to \d\d:00 Europe\/Berlin/);
    expect(digest).toContain('↳ opsbot posts in #team-ops');
    expect(digest).toContain('Daily digest ·');
    expect(digest).toMatch(/\[image: .+ → .+\.png\]/);
  });

  it('refuses a watch in #approvals, saying where, and /ops policy tells @requester what they may do there', async () => {
    const guardrails = section(result.transcript, '▶ @requester types in #approvals:  /ops watch');
    const expected = [
      '↳ opsbot → only @requester sees, in #approvals',
      '⚠️ This channel isn’t one where you can set up watches: use #general or #team-ops.',
      '▶ @requester types in #approvals:  /ops policy',
      '↳ opsbot → only @requester sees, in #approvals',
      '✓ You can read vector index statistics here.',
      '➜ You can set up watches in #general or #team-ops.',
      '✗ Only @ops-approvers can acknowledge, snooze or mute alerts.',
    ];
    expectInOrder(guardrails, expected);
    // Refused means nothing done: no post anywhere, only the watch step's own watch saved.
    expect(guardrails).not.toContain('↳ opsbot posts');
    expect((await demo.ws.store.listWatches()).map((w) => w.channelId)).toEqual(['C0TEAMOPS']);
  });

  it('writes the Block Kit JSON of every message and modal, and the transcript', () => {
    const names = readdirSync(outDir);
    expect(names).toContain('transcript.txt');
    expect(names).toContain('opsbot.log');
    const json = names.filter((n) => n.endsWith('.json'));
    expect(json.length).toBeGreaterThanOrEqual(12);
    const modal = JSON.parse(
      readFileSync(join(outDir, json.find((n) => n.includes('search-modal')) ?? ''), 'utf8'),
    );
    expect(modal).toMatchObject({ type: 'modal', blocks: expect.any(Array) });
    expect(readFileSync(join(outDir, 'transcript.txt'), 'utf8')).toBe(result.transcript);
  });

  it('tells the story the README tells: its steps, the files it quotes, who approved', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(walkthroughDisagreements(readme, result)).toEqual([]);
  });

  it('shows what Slack shows: group handles, chosen values, no raw element type', () => {
    expect(result.transcript).toContain('2 approvals from @ops-approvers');
    // (the help card's own "[notify @people @group]" is opsbot's wording, not a mention)
    expect(result.transcript).not.toContain('from @group');
    expect(result.transcript).not.toMatch(/\[(multi_)?\w+_(select|input)\]|\[choose ▾\]/);
    const digestForm = section(result.transcript, '▶ @requester types in #team-ops:  /ops digest');
    expect(digestForm).toMatch(/Vector indexes: \[‹.+› ▾\]/);
  });

  it('lets no simulator secret into the transcript or any file it wrote', () => {
    expect(secrets.length).toBeGreaterThan(5);
    const texts = [
      result.transcript,
      ...readdirSync(outDir).map((name) => readFileSync(join(outDir, name), 'latin1')),
    ];
    for (const secret of secrets) for (const text of texts) expect(text.includes(secret)).toBe(false);
  });
});

describe('e2e: npm run demo — the command', () => {
  let cwd: string;
  beforeAll(() => {
    cwd = mkdtempSync(join(tmpdir(), 'opsbot-demo-cwd-'));
  });
  afterAll(() => {
    rmSync(cwd, { recursive: true, force: true });
  });

  it('exits 0 and says where it wrote the files', async () => {
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      const child = spawn(process.execPath, [mainPath], { cwd, env: { PATH: process.env.PATH ?? '' } });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        err += d;
      });
      child.on('close', (c) => resolve({ code: c, stdout: out, stderr: err }));
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/opsbot demo: wrote \d+ files to demo-output\//);
    expect(existsSync(join(cwd, 'demo-output', 'transcript.txt'))).toBe(true);
    // Two stats cards, the digest's, and the watch alert's chart.
    expect(readdirSync(join(cwd, 'demo-output')).filter((n) => n.endsWith('.png')).length).toBe(4);
  }, 60_000);
});
