// The date-fns functions opsbot uses, loaded through `require` (the package's CommonJS build).
// Imported as ES modules they cost ~0.2 s and ~60 MiB at start-up: Node's ESM resolver re-reads
// date-fns's ~200 KB package.json (its exports map) for each of the ~50 modules `format` pulls in.
// Through `require` the same functions load in ~0.04 s and ~13 MiB. The functions are the same
// code; @date-fns/tz's TZDate and tz() work with them (date-fns finds the zone through a
// Symbol.for key, not through a class identity).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const { addDays } = require('date-fns/addDays') as typeof import('date-fns/addDays');
export const { format } = require('date-fns/format') as typeof import('date-fns/format');
export const { formatDistance } =
  require('date-fns/formatDistance') as typeof import('date-fns/formatDistance');
export const { formatDuration } =
  require('date-fns/formatDuration') as typeof import('date-fns/formatDuration');
