/** How many characters a mask may reveal, and how long a secret must be before it reveals any. */
const REVEALED = 4;
// Below this, four characters would be a third or more of the secret: reveal nothing.
const MIN_LENGTH_TO_REVEAL = 12;

const DOTS = '••••';

/**
 * Shows that a secret exists without showing it: `••••` + its last 4 characters ("••••ab12"),
 * or only `••••` when the secret is too short to spare any. Escape the result for mrkdwn.
 */
export function maskSecret(value: string): string {
  const chars = [...value];
  if (chars.length < MIN_LENGTH_TO_REVEAL) return DOTS;
  return DOTS + chars.slice(-REVEALED).join('');
}
