// The index formatter the copy test holds every text to: the app's own (`indexLabel`,
// `plainIndexLabel` beside the index id rules) once it has one, else the form every view is to
// use — the name in bold with the id in code, `catalog (idx-1)` in plain text.
import * as indexRules from '../../../src/vector-index.ts';
import type { IndexFormatter } from './index-labels.ts';

type Label = (id: string, name: string) => string;

function appLabel(name: 'indexLabel' | 'plainIndexLabel'): Label | undefined {
  const rules: Record<string, unknown> = indexRules;
  const label = rules[name];
  return typeof label === 'function' ? (label as Label) : undefined;
}

export const INDEX_FORMATTER: IndexFormatter = {
  shortId: indexRules.shortIndexId,
  mrkdwn: appLabel('indexLabel') ?? ((id, name) => `*${name}* (\`${indexRules.shortIndexId(id)}\`)`),
  plain: appLabel('plainIndexLabel') ?? ((id, name) => `${name} (${indexRules.shortIndexId(id)})`),
};
