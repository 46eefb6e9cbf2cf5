import type { ApiBody } from './api-support.ts';
import { fileMethods } from './files.ts';
import { type Caller, functionMethods } from './function-executions.ts';
import { channelMethods } from './methods-channels.ts';
import { chatMethods } from './methods-chat.ts';
import { historyMethods } from './methods-history.ts';
import { peopleMethods } from './methods-people.ts';
import { viewMethods } from './methods-views.ts';
import type { SimContext } from './state.ts';
import type { Args } from './types.ts';
import { userGroupMethods } from './user-groups.ts';

export type MethodHandler = (args: Args, ctx: SimContext, caller: Caller) => ApiBody;

/** Every Web API method the simulator answers; anything else is unknown_method. */
export const METHODS: Record<string, MethodHandler> = {
  ...chatMethods,
  ...peopleMethods,
  ...viewMethods,
  ...fileMethods,
  ...userGroupMethods,
  ...functionMethods,
  ...channelMethods,
  ...historyMethods,
};
