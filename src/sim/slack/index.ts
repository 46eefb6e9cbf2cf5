export {
  type BlockKitCheckOptions,
  type BlockKitSurface,
  type BlockKitViolation,
  checkBlockKit,
  findBlockKitViolations,
  type SlackFileRef,
} from './block-kit-checks.ts';
export type { ChannelsControl, SimChannelInput } from './channels.ts';
export { userContext } from './function-executions.ts';
export type {
  FunctionExecutedEvent,
  FunctionsControl,
  SimFunctionCompletion,
  SimFunctionExecution,
} from './function-types.ts';
export { checkOptionsAnswer, type OptionsAnswerCheck } from './options-answer.ts';
export { SIM_APP_TOKEN, startSlackSimulator } from './simulator.ts';
export type {
  OptionsRequestInfo,
  RecordedView,
  ResponseUrlContext,
  SimCall,
  SimEphemeral,
  SimFile,
  SimMessage,
  SimResponse,
  SimSuggestion,
  SimUserGroup,
  SimView,
  SlackFault,
  SlackSimulator,
  SlackSimulatorOptions,
  UserGroupInput,
  UserGroupsControl,
} from './types.ts';
