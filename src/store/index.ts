// What features import: the interface, the domain types, the errors a write can raise, and the opener.
export {
  CapReachedError,
  InvalidStoreInputError,
  SchemaTooNewError,
  SecretInStoreError,
  StepRunGoneError,
} from './guards.ts';
export { type DatabaseConfig, openStore } from './open-store.ts';
export { DatabaseUnavailableError } from './postgres/db.ts';
export type { Store } from './store.ts';
export * from './types.ts';
