export {
  type BlockKitCheckOptions,
  type BlockKitSurface,
  type BlockKitViolation,
  checkBlockKit,
  findBlockKitViolations,
  type SlackFileRef,
} from './block-kit-checks.ts';
export { SIM_APP_TOKEN, startSlackSimulator } from './simulator.ts';
export type {
  RecordedView,
  ResponseUrlContext,
  SimCall,
  SimEphemeral,
  SimFile,
  SimMessage,
  SimResponse,
  SimView,
  SlackFault,
  SlackSimulator,
  SlackSimulatorOptions,
} from './types.ts';
