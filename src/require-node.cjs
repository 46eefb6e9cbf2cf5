// Stops every npm script (and the Procfile's command) on a Node.js too old to run opsbot, with one
// line instead of ERR_UNKNOWN_FILE_EXTENSION. Plain CommonJS on purpose: it must run on the old
// Node it refuses, which cannot load the TypeScript sources.
'use strict';

const REQUIRED_MAJOR = 24;

/** The line to print for a Node.js version, or undefined when it is new enough. */
function nodeVersionProblem(version) {
  const major = Number(String(version).split('.')[0]);
  if (major >= REQUIRED_MAJOR) return undefined;
  return (
    `opsbot needs Node.js ${REQUIRED_MAJOR} or newer, but this is Node.js ${version}. ` +
    `Install Node.js ${REQUIRED_MAJOR} (with nvm or fnm: \`nvm install\` reads .nvmrc; or from nodejs.org) and run the command again.`
  );
}

module.exports = { nodeVersionProblem, REQUIRED_MAJOR };

if (require.main === module) {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem !== undefined) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
