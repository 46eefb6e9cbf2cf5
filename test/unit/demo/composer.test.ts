import { describe, expect, it } from 'vitest';
import { compose } from '../../../src/demo/composer.ts';

describe('the sandbox composer: @names and #channels as Slack sends them', () => {
  it('turns known people, the approvers group and channels into references, and escapes > as Slack does', () => {
    expect(compose('watch catalog p99-query-latency > 250 notify @approver')).toEqual({
      ok: true,
      text: 'watch catalog p99-query-latency &gt; 250 notify <@U0APPROVER|approver>',
    });
    expect(compose('digest preview #team-ops')).toEqual({
      ok: true,
      text: 'digest preview <#C0TEAMOPS|team-ops>',
    });
    expect(compose('notify @ops-approvers.')).toEqual({
      ok: true,
      text: 'notify <!subteam^S0OPSAPPROVERS|@ops-approvers>.',
    });
  });

  it('keeps a reference typed the way Slack writes it', () => {
    expect(compose('notify <@U0APPROVER> now')).toEqual({ ok: true, text: 'notify <@U0APPROVER> now' });
  });

  it('names what it knows when a name is nobody’s', () => {
    const composed = compose('notify @bob in #nowhere');
    expect(composed.ok).toBe(false);
    if (composed.ok) return;
    expect(composed.sentence).toBe(
      "@bob isn't anyone here (people: @requester, @approver, @approver2, @outsider, @ops-approvers); " +
        "#nowhere isn't a channel here (channels: #general, #approvals, #team-ops). Nothing was sent.",
    );
  });
});
