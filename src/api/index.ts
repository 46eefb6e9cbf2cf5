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
  ManagementApiError,
  sanitizeApiMessage,
} from './errors.ts';
export * from './schemas.ts';
export { parseApiTimestamp } from './timestamp.ts';
export { parseRetryAfter } from './transport.ts';
