export { MESSAGING_ACCOUNT_ALLOWLIST, type ShownMessagingAccount } from './allowlists.ts';
export { maskSecret } from './mask.ts';
export {
  type Allowlist,
  type AllowlistInput,
  defineAllowlist,
  looksSecret,
  type Picked,
  pickAllowed,
} from './pick.ts';
