// What the feature does, without Slack, put together from its parts: filing a request, the checks
// before a decision, the decisions, the one create call, its recording and the sweep. Each part is its own file.
import { createChecker } from './checks.ts';
import { creator } from './creation.ts';
import { createDecisions } from './decisions.ts';
import { createFiling } from './filing.ts';
import { createPublisher } from './publish.ts';
import { createRecorder } from './recording.ts';
import type { SearchIndexServiceDeps } from './service-types.ts';
import { createSweep } from './sweep.ts';

export type * from './service-types.ts';

export type SearchIndexService = ReturnType<typeof createSearchIndexService>;

export function createSearchIndexService(deps: SearchIndexServiceDeps) {
  const publisher = createPublisher(deps);
  const recorder = createRecorder(deps, publisher.publish);
  const sweep = createSweep(deps, publisher.publish, recorder);
  const check = createChecker(deps, publisher, sweep.expire);
  const runCreate = creator(deps, publisher.publish, recorder);
  return {
    check,
    ...createFiling(deps, publisher),
    ...createDecisions(deps, { check, runCreate, publisher }),
    expireDue: sweep.expireDue,
    recoverStalled: sweep.recoverStalled,
    sweep: sweep.sweep,
    /** Writes the created indexes the database didn't take yet, whose retry is due. */
    recordUnrecorded: recorder.retryDue,
    /** At shutdown: a last write of each, and a log line for an operator for any still unrecorded. */
    lastRecordAttempt: recorder.lastAttempt,
  };
}
