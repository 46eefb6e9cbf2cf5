export { MESSAGING_ACCOUNT_ALLOWLIST, type ShownMessagingAccount } from './allowlists.ts';
export { maskSecret } from './mask.ts';
export { defineAllowlist, looksSecret, pickAllowed } from './pick.ts';
