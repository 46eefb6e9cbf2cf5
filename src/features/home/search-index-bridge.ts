// TEMPORARY: adapts today's search-index port to HomeRequests until that port provides it itself.
// Delete this file (and its one use in index.ts) once SearchIndexPort satisfies HomeRequests.
import type { Clock } from '../../clock.ts';
import { UserFacingError } from '../../errors.ts';
import type { Store } from '../../store/index.ts';
import { STATE_EMOJI, STATE_LABEL } from '../search-index/format.ts';
import { ACTION } from '../search-index/ids.ts';
import type { SearchIndexPort } from '../search-index/index.ts';
import { requestInWords } from '../search-index/messages.ts';
import { requestModal } from '../search-index/modals.ts';
import { parseCreateArgs } from '../search-index/parse.ts';
import { refusalText } from '../search-index/refusals.ts';
import type { HomeRequests } from './ports.ts';

const PENDING_READ_LIMIT = 500;

export function homeRequestsOf(port: SearchIndexPort, deps: { store: Store; clock: Clock }): HomeRequests {
  return {
    async pendingFor(viewerId) {
      const now = deps.clock();
      const pending = await deps.store.listRecentRequests({ limit: PENDING_READ_LIMIT, states: ['pending'] });
      return pending
        .filter((r) => r.requesterId !== viewerId && r.expiresAt > now)
        .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
    },
    recentOf: (requesterId, limit) => deps.store.listRecentRequests({ limit, requesterId }),
    async requestForm(userId) {
      const cap = await port.capRefusal(userId);
      if (cap) throw new UserFacingError(refusalText(cap, userId, 'mrkdwn'));
      return requestModal(parseCreateArgs([]), { channelId: '' });
    },
    describe: requestInWords,
    stateWords: (state) => ({ emoji: STATE_EMOJI[state], label: STATE_LABEL[state] }),
    decisionActions: { approve: ACTION.approve, reject: ACTION.reject },
  };
}
