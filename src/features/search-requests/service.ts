// What the feature does, without Slack, put together from its parts: filing a request, the checks
// before a decision, the decisions, the one create call and the sweep. Each part is its own file.
import { createChecker } from './checks.ts';
import { creator } from './creation.ts';
import { createDecisions } from './decisions.ts';
import { createFiling } from './filing.ts';
import { createPublisher } from './publish.ts';
import type { SearchIndexServiceDeps } from './service-types.ts';
import { createSweep } from './sweep.ts';

export type * from './service-types.ts';

export type SearchIndexService = ReturnType<typeof createSearchIndexService>;

export function createSearchIndexService(deps: SearchIndexServiceDeps) {
  const publisher = createPublisher(deps);
  const sweep = createSweep(deps, publisher.publish);
  const check = createChecker(deps, publisher, sweep.expire);
  const runCreate = creator(deps, publisher.publish);
  return {
    check,
    ...createFiling(deps, publisher),
    ...createDecisions(deps, { check, runCreate, publisher }),
    expireDue: sweep.expireDue,
    recoverStalled: sweep.recoverStalled,
    sweep: sweep.sweep,
  };
}
