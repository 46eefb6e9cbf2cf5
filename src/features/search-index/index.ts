// The search-index feature as the app sees it: register() and the port other features build on.
import type { FeatureContext } from '../../feature-context.ts';
import { searchIndexFeature } from './listeners.ts';
import type { SearchIndexService } from './service.ts';

export type SearchIndexPort = SearchIndexService;

export function register(context: FeatureContext): SearchIndexPort {
  return searchIndexFeature()(context);
}
