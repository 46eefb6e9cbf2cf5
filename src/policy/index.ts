// The guardrails: who may do what, where. Everything else imports from here.
export { type ActingAction, type ActingAsPolicy, actingAsPolicy } from './acting-as.ts';
export { checkUserGroups, type GroupCheck, type SlackUserGroup } from './check-groups.ts';
export { type Action, type Decision, decide, NO_USER, NOT_YOUR_DM } from './decide.ts';
export { allowedHere, explain, explanationLines, groupAnswers, type Standing } from './explain.ts';
export { formatPath, loadPolicy, type PolicyResult, type PolicySource, parsePolicyText } from './parse.ts';
export { DEFAULT_LIMITS, defaultPolicy } from './resolve.ts';
export {
  type Answer,
  CAPABILITIES,
  CAPABILITY_WORDS,
  type Capability,
  type Membership,
  type Policy,
  type PolicyLimits,
  type PostCheck,
} from './types.ts';
export { groupWords } from './words.ts';
