// The running version, as package.json names it: shown on the Home tab so people can tell which
// build answered them.
import manifest from '../package.json' with { type: 'json' };

export const APP_VERSION: string = manifest.version;
