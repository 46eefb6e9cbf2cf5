// Items 6–8: the busy day at five and ten times its shape, and how its cost grows. Each day runs
// on this checkout and, when `--app` names an earlier one, on that one too, back to back in the
// same run against the same simulators' code: the before column is measured, never remembered.
import { type BusyDayOptions, type BusyDayResult, benchBusyDay } from './busy-day.ts';
import { THIS_CHECKOUT } from './processes.ts';
import { type DatabaseLoad, freshSchema, watchDatabaseLoad } from './replicas-db.ts';
import type { DaySettings, ScaleSettings } from './settings.ts';

/** One day measured on this checkout, and on the before checkout when there is one. */
export type Sides<T> = { after: T; before?: T | undefined };

export type ReplicasDay = BusyDayResult & { database: DatabaseLoad };

export type ScaleOptions = {
  scale: ScaleSettings;
  /** The earlier checkout (`--app`), measured alongside. */
  beforeDir?: string | undefined;
  nodeArgs?: readonly string[];
  progress: (line: string) => void;
};

/** Runs one day on the before checkout (if any), then on this one. */
async function bothSides<T>(
  options: ScaleOptions,
  label: string,
  run: (appDir: string) => Promise<T>,
): Promise<Sides<T>> {
  let before: T | undefined;
  if (options.beforeDir !== undefined) {
    options.progress(`  ${label}, before (${options.beforeDir})`);
    before = await run(options.beforeDir);
  }
  options.progress(`  ${label}${before === undefined ? '' : ', after'}`);
  return { after: await run(THIS_CHECKOUT), before };
}

const dayOptions = (day: DaySettings, appDir: string, options: ScaleOptions): BusyDayOptions => ({
  ...day,
  appDir,
  progress: options.progress,
  ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
});

export const shapeLabel = (d: DaySettings) =>
  `${d.people} people, ${d.digests} digests, ${d.watches} watches over ${d.watchIndexes} indexes in ${d.watchChannels} channels, ${d.commandsPerSec} commands/s, Home ${d.homesPerSec}/s`;

/** Item 6: five times the day on one process, at each Home rate. */
export async function benchFiveTimes(options: ScaleOptions): Promise<Sides<BusyDayResult>[]> {
  const days: Sides<BusyDayResult>[] = [];
  for (const day of options.scale.oneProcess)
    days.push(
      await bothSides(options, shapeLabel(day), (dir) => benchBusyDay(dayOptions(day, dir, options))),
    );
  return days;
}

/** Item 7 (item 9: `manyReplicas`): the day on replicas sharing a fresh schema of `databaseUrl`. */
export async function benchReplicas(
  options: ScaleOptions,
  databaseUrl: string,
  which: 'replicas' | 'manyReplicas' = 'replicas',
): Promise<Sides<ReplicasDay>> {
  const { count, day } = options.scale[which];
  return bothSides(options, `${count} replicas, ${shapeLabel(day)}`, async (dir) => {
    const db = await freshSchema(databaseUrl);
    try {
      let load: Awaited<ReturnType<typeof watchDatabaseLoad>> | undefined;
      let database: DatabaseLoad | undefined;
      const result = await benchBusyDay({
        ...dayOptions(day, dir, options),
        replicas: { count, databaseUrl: db.url },
        observe: {
          async dayStarts() {
            load = await watchDatabaseLoad(databaseUrl, db.schema);
          },
          async dayEnds() {
            database = await load?.stop();
          },
        },
      });
      if (database === undefined) throw new Error('the database load was not read');
      return { ...result, database };
    } finally {
      await db.drop();
    }
  });
}

/**
 * Item 8: the day at each multiple on one process. A multiple item 6 already ran (its first day,
 * same Home rate) is taken from there instead of being played again.
 */
export async function benchGrowth(
  options: ScaleOptions,
  fiveTimes: readonly Sides<BusyDayResult>[] | undefined,
): Promise<{ times: number; sides: Sides<BusyDayResult> }[]> {
  const points: { times: number; sides: Sides<BusyDayResult> }[] = [];
  for (const { times, day } of options.scale.growth) {
    const same = fiveTimes?.find((s) => sameShape(s.after.shape as DaySettings, day));
    points.push({
      times,
      sides:
        same ??
        (await bothSides(options, `${times}×: ${shapeLabel(day)}`, (dir) =>
          benchBusyDay(dayOptions(day, dir, options)),
        )),
    });
  }
  return points;
}

function sameShape(a: DaySettings, b: DaySettings): boolean {
  const keys: (keyof DaySettings)[] = [
    'people',
    'digests',
    'watches',
    'commandsPerSec',
    'homesPerSec',
    'durationMs',
  ];
  return keys.every((k) => a[k] === b[k]);
}
