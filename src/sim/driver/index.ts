export { findElement, initialState, interactiveElements, stateValue } from './blocks.ts';
export {
  type ClickInput,
  type CommandResult,
  createSlackDriver,
  type DriverResponse,
  type InteractionResult,
  type MessageLike,
  type SlackDriver,
  type SlackDriverOptions,
  type ViewAckResult,
  type ViewClickInput,
} from './driver.ts';
export type { FunctionExecutionResult } from './functions.ts';
export {
  type ActionInput,
  type BlockActionsInput,
  blockActionsPayload,
  type PayloadUser,
  type SlashCommandInput,
  slackTs,
  slashCommandBody,
  type ViewClosedInput,
  type ViewPayloadInput,
  type ViewSubmissionInput,
  viewClosedPayload,
  viewSubmissionPayload,
} from './payloads.ts';
export { signSlackRequest } from './signing.ts';
export {
  type BlockSuggestionInput,
  blockSuggestionPayload,
  type SuggestInput,
  type SuggestResult,
} from './suggest.ts';
