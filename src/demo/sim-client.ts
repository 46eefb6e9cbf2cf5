// Reads what the Slack simulator recorded, over its `/_sim/…` routes: the tour's transcript and the
// sandbox behind `npm run slack` see Slack the same way.
import type { SimActivityPage } from '../sim/slack/inspect-routes.ts';

export type SimClient = {
  activity(since: number): Promise<SimActivityPage>;
  fileBytes(id: string): Promise<Buffer | undefined>;
};

/** `baseUrl`: the simulator's base, e.g. http://127.0.0.1:1234 (no /api/). */
export function createSimClient(baseUrl: string): SimClient {
  const url = (path: string) => new URL(path, baseUrl).toString();
  return {
    async activity(since) {
      const res = await fetch(url(`/_sim/calls?since=${since}`));
      if (!res.ok) throw new Error(`Slack simulator answered ${res.status} to /_sim/calls`);
      return (await res.json()) as SimActivityPage;
    },
    async fileBytes(id) {
      const res = await fetch(url(`/_sim/files/${encodeURIComponent(id)}`));
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`Slack simulator answered ${res.status} for file ${id}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
