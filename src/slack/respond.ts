// A response_url lives 30 minutes and takes five posts; work that outlasts it, or a sixth answer,
// gets a 404 from Slack and Bolt's respond() throws. The person still deserves the answer, so it
// goes out as an ephemeral message in the same conversation instead (chat.postEphemeral needs no
// response_url). Only when that fails too is the answer lost, and the log says so.
import type { RespondArguments, RespondFn } from '@slack/bolt';
import { errField } from '../errors.ts';
import type { Logger } from '../log.ts';
import { section } from './blocks.ts';
import type { WebClient } from './web-client.ts';

type AnswerTarget = {
  client: WebClient;
  /** Where the person is looking: the command's channel, or the clicked message's. */
  channel: string | undefined;
  user: string;
  logger: Pick<Logger, 'info' | 'warn'>;
};

/**
 * respond(), falling back to chat.postEphemeral when the response_url refuses the post. A click on
 * the Home tab comes with no response_url and no channel at all (Bolt gives no respond()); its
 * answer goes to the person's direct messages with opsbot, where they will see it next to the tab.
 */
export function respondWithFallback(respond: RespondFn | undefined, target: AnswerTarget): RespondFn {
  return async (message) => {
    const args: RespondArguments = typeof message === 'string' ? { text: message } : message;
    try {
      if (respond === undefined) throw new Error('no response_url');
      return await respond(args);
    } catch (error) {
      // Deleting or replacing the original only makes sense through the URL; there is nothing to resend.
      if (args.delete_original === true) throw error;
      if (target.channel === undefined) {
        if (respond !== undefined) throw error;
        const text = typeof args.text === 'string' && args.text !== '' ? args.text : 'opsbot';
        const blocks = 'blocks' in args && args.blocks !== undefined ? args.blocks : [section(text)];
        await target.client.chat.postMessage({ channel: target.user, text, blocks });
        return new Response(null, { status: 200 });
      }
      target.logger.info(
        { event: 'respond_fallback', err: errField(error) },
        'response_url refused the answer; sending it as an ephemeral message',
      );
      const text = typeof args.text === 'string' && args.text !== '' ? args.text : 'opsbot';
      const blocks = 'blocks' in args && args.blocks !== undefined ? { blocks: args.blocks } : {};
      if (args.response_type === 'in_channel') {
        await target.client.chat.postMessage({ channel: target.channel, text, ...blocks });
      } else {
        await target.client.chat.postEphemeral({
          channel: target.channel,
          user: target.user,
          text,
          ...blocks,
        });
      }
      // respond() resolves with the response_url's HTTP answer; the fallback's stands in for it.
      return new Response(null, { status: 200 });
    }
  };
}
