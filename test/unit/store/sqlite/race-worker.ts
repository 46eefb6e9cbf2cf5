// Run as a separate process by sqlite.test.ts: several of these race on one SQLite file, the way
// two opsbot processes sharing a disk would. Prints what this process won as one JSON line.
import { openSqliteStore } from '../../../../src/store/sqlite/sqlite-store.ts';

const [path, ids, worker, startAt] = process.argv.slice(2);
if (path === undefined || ids === undefined || worker === undefined || startAt === undefined) {
  throw new Error(
    'usage: race-worker.ts <db path> <request ids, comma-separated> <worker> <start at (epoch ms)>',
  );
}
const store = await openSqliteStore({ path });
// Start together so the attempts really overlap instead of running one process after another.
while (Date.now() < Number(startAt)) {
  await new Promise((resolve) => setTimeout(resolve, 1));
}
const approved: number[] = [];
const claimed: string[] = [];
for (const id of ids.split(',').map(Number)) {
  const approval = await store.transitionRequest(id, {
    from: 'pending',
    to: 'approved',
    actor: worker,
    at: Date.now(),
    patch: { decidedBy: worker },
  });
  if (approval.ok) approved.push(id);
  const claim = await store.claimDigestRun({
    channelId: `C0CHANNEL${id}`,
    localDate: '2025-03-10',
    scheduledFor: 0,
    owner: worker,
    leaseMs: 3_600_000,
    now: Date.now(),
  });
  if (claim.claimed) claimed.push(claim.run.channelId);
}
await store.close();
process.stdout.write(`${JSON.stringify({ worker, approved, claimed })}\n`);
