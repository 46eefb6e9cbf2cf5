// The guardrails: who may do what, where. Everything else imports from here.
export { type ActingAsPolicy, actingAsPolicy } from './acting-as.ts';
export { checkUserGroups } from './check-groups.ts';
export { type Action, decide, NO_USER, NOT_YOUR_DM } from './decide.ts';
export { allowedHere, explain, explanationLines, groupAnswers } from './explain.ts';
export { loadPolicy, parsePolicyText } from './parse.ts';
export { DEFAULT_LIMITS, defaultPolicy } from './resolve.ts';
export {
  type Answer,
  CAPABILITIES,
  type Capability,
  type Membership,
  type Policy,
  type PolicyLimits,
  type PostCheck,
} from './types.ts';
export { groupWords } from './words.ts';
