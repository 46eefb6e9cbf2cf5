// Time is injected so schedules, expiry and relative dates can be tested without waiting.
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
