export {
  createManagementClient,
  type ManagementClient,
  type ManagementClientLogger,
  type ManagementClientOptions,
} from './client.ts';
export {
  describeApiError,
  extractApiMessage,
  isManagementApiError,
  MANAGEMENT_API_ERROR_KINDS,
  ManagementApiError,
  type ManagementApiErrorKind,
  type ManagementOperation,
  sanitizeApiMessage,
} from './errors.ts';
export * from './schemas.ts';
export { parseApiTimestamp } from './timestamp.ts';
export { parseRetryAfter } from './transport.ts';
