// A step obeys the same policy as its command (src/policy/acting-as.ts): a workflow step runs as
// nobody in particular unless it names a person (the request step's requester).
export {
  type ActingAction as StepAction,
  type ActingAsPolicy as StepPolicy,
  actingAsPolicy as stepPolicy,
} from '../../policy/index.ts';
