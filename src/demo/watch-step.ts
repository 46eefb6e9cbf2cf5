// The tour's watch step: a threshold watch on an index whose latency the demo steers through a
// short story (fine, past the line, acknowledged, back), checked as the app's timer would.
import type { SteeredValue } from '../sim/mgmt/stats.ts';
import { SIM_IDS } from '../sim/workspace.ts';
import { hasImage, type TourStep } from './tour-kit.ts';

const { requester, approver } = SIM_IDS;
/** #team-ops: the channel the digest step set up, where the team hears its alerts too. */
const DIGEST_CHANNEL = 'C0TEAMOPS';

export const watch: TourStep = {
  slug: 'watch',
  title: 'A watch: the channel hears when a line is crossed, someone owns it, and it is back',
  async run(k) {
    const checks = k.ws.opsbot.features.watches;
    const index = 'idx-1';
    const base = k.ws.mgmt.indexes[index] ?? {};
    // The latency's story from the demo's clock on: the alert's chart of the last hour then shows
    // the value the story told (120, then the jump to 380), not one flat line at the latest value.
    const story: SteeredValue[] = [];
    const latency = (ms: number) => {
      story.push({ fromMs: k.demo.clock.now(), value: ms });
      k.ws.mgmt.indexes[index] = { ...base, steps: { query_latency_99: [...story] } };
    };
    latency(120);
    // By the name given in the stats step (catalog is idx-1), calling the approver.
    await k.command(
      requester,
      DIGEST_CHANNEL,
      'watch catalog p99-query-latency > 250 for 2 notify @approver remind 10m',
      { escape: true },
    );
    await k.show();
    const check = async (note: string) => {
      k.demo.clock.jumpTo(k.demo.clock.now() + 5 * 60_000);
      k.t.action(`⏩ Five minutes later (the demo's clock): ${note}`);
      await checks.runOnce();
    };
    await check('p99-query-latency is 120 — a check, nothing to say');
    latency(380);
    await check('p99-query-latency jumps to 380 — one check past the line');
    await check('still 380 — the second check in a row: the watch fires');
    const alert = await k.messageIn(
      DIGEST_CHANNEL,
      'the alert',
      (m) => hasImage(m) && m.text.includes('p99-query-latency'),
    );
    await k.show();
    await check('still 380, and nobody has taken it');
    await check('ten minutes unacknowledged: a reminder in the thread, calling @approver again');
    await k.until('the reminder', () =>
      k.ws.slack
        .messagesIn(DIGEST_CHANNEL)
        .find((m) => m.thread_ts === alert.ts && m.text.includes('Still firing')),
    );
    await k.show();
    await k.click(approver, alert, 'watch.acknowledge', '[Acknowledge] on the alert');
    await k.until('the alert acknowledged in place', () =>
      k.ws.slack
        .messagesIn(DIGEST_CHANNEL)
        .find((m) => m.ts === alert.ts && JSON.stringify(m.blocks).includes('Acknowledged by')),
    );
    await k.show();
    latency(140);
    await check('back to 140 — one check back');
    await check('still 140 — the second: resolved');
    await k.until('the alert resolved in place', () =>
      k.ws.slack
        .messagesIn(DIGEST_CHANNEL)
        .find(
          (m) =>
            m.ts === alert.ts && m.text.startsWith('Resolved after') && m.text.includes('acknowledged by'),
        ),
    );
    await k.show();
    k.t.note(
      'One message per incident: it called @approver, reminded until someone took it, and resolved in place with its story (how long, the worst value, who acknowledged) and no ping.',
    );
  },
};
