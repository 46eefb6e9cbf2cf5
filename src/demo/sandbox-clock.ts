// The simulated clock, as the sandbox shows it and moves it. The demo's clock only moves forward
// (the database, both simulators and opsbot read it); after the tour it stays where the tour left it.
import { instantInWords } from '../time/zones.ts';
import type { TourKit } from './tour-kit.ts';
import type { DemoClock } from './workspace.ts';

/** A long wait still checks watches in no more than this many steps. */
const MAX_WAIT_STEPS = 24;
/** A digest is posted this long after its time, as the scheduler's tick would find it. */
const DIGEST_LATE_MS = 5_000;

/** "1 h 20 min", "1 d 5 min": a stretch of time, to the minute. */
export function aheadInWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const parts = [
    [Math.floor(minutes / 1440), 'd'],
    [Math.floor((minutes % 1440) / 60), 'h'],
    [minutes % 60, 'min'],
  ] as const;
  const shown = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}`);
  return shown.length > 0 ? shown.join(' ') : 'less than a minute';
}

/** "Simulated time: Tue 1 Dec, 23:40 UTC, 1 h 20 min ahead of this machine's clock (…)." */
export function clockLine(clock: DemoClock): string {
  const ahead = clock.now() - Date.now();
  const when = `${instantInWords(clock.now(), 'UTC')} UTC`;
  if (ahead < 60_000) return `Simulated time: ${when}, the same as this machine's clock.`;
  return `Simulated time: ${when}, ${aheadInWords(ahead)} ahead of this machine's clock (it only moves forward).`;
}

/**
 * Moves the clock `ms` on as time would pass: opsbot's timers run along the way (a watch check every
 * interval, in at most 24 steps; every digest at its time), since a digest far past its time is
 * skipped as after downtime. Each step runs the timers' next tick rather than waiting for it.
 */
export async function passTime(k: TourKit, ms: number, zone: string): Promise<void> {
  const { clock } = k.demo;
  const end = clock.now() + ms;
  const step = Math.max(k.ws.config.watches.intervalMs, Math.ceil(ms / MAX_WAIT_STEPS));
  k.t.action(
    `⏩ The clock moves ${aheadInWords(ms)} on, to ${instantInWords(end, zone)} (${zone}); on the way opsbot checks its watches every ${aheadInWords(step)} and posts digests at their times`,
  );
  const { watches, digests, searchRequests } = k.ws.opsbot.features;
  while (clock.now() < end) {
    const dueDigests = (await k.ws.store.listSubscriptions())
      .map((d) => d.nextRunAt + DIGEST_LATE_MS)
      .filter((at) => at > clock.now() && at < end);
    clock.jumpTo(Math.min(clock.now() + step, end, ...dueDigests));
    await watches.runOnce();
    await digests.runOnce();
  }
  await searchRequests.sweep();
}
