// The index-names feature puts no button, form or picker of its own in Slack: the only ids it
// answers for are the index pickers of the other features' forms, whose block and action ids those
// features own (in their ids.ts) and hand to the service's offerIn.
export {};
