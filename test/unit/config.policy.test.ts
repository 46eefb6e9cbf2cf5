import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { simulatedAppEnv } from '../../src/sim/workspace.ts';

const env = (extra: Record<string, string>) => ({
  ...simulatedAppEnv('http://127.0.0.1:9/api/', 'http://127.0.0.1:9'),
  ...extra,
});

function problemsOf(extra: Record<string, string>): string[] {
  const result = parseConfig(env(extra));
  return result.ok ? [] : result.problems;
}

describe('the policy in the configuration', () => {
  it('is everyone, anywhere without POLICY_FILE or POLICY, with ALLOWED_CHANNEL_IDS as where', () => {
    const result = parseConfig(env({ ALLOWED_CHANNEL_IDS: 'C0OPS' }));
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.policy.rules.stats).toEqual({
      who: { everyone: true },
      where: { anywhere: false, channels: ['C0OPS'] },
    });
  });

  it('is read inline from POLICY and from the file POLICY_FILE names', () => {
    const inline = parseConfig(env({ POLICY: 'allow:\n  index.manage: { who: [U0LEAD] }\n' }));
    expect(inline.ok && inline.config.policy.rules['index.manage'].who).toEqual({
      everyone: false,
      groups: [],
      users: ['U0LEAD'],
    });
    const file = join(mkdtempSync(join(tmpdir(), 'policy-')), 'policy.yml');
    writeFileSync(file, 'limits:\n  mute_at_most: 1d\n');
    const fromFile = parseConfig(env({ POLICY_FILE: file }));
    expect(fromFile.ok && fromFile.config.policy.limits.muteAtMostMs).toBe(86_400_000);
  });

  it('stops start-up with the policy’s one line when it is malformed', () => {
    expect(problemsOf({ POLICY: 'allow:\n  watch.manage: { who: [ops] }\n' })).toEqual([
      'POLICY, line 2, allow.watch.manage.who[0]: unknown group "ops" (none are defined) — or give a user ID such as U0123ABCD',
    ]);
  });

  it('refuses both POLICY_FILE and POLICY at once', () => {
    expect(problemsOf({ POLICY_FILE: '/nowhere/policy.yml', POLICY: 'allow: {}' })).toEqual([
      'POLICY_FILE and POLICY are both set — use one: POLICY_FILE names a YAML file, POLICY holds the same YAML',
    ]);
  });
});
