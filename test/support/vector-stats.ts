// Shared by test/e2e/vector-stats*.test.ts: drive the command in a simulated workspace and read back
// what a user would see (message text, the PNG the simulator received, ephemeral replies).
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { expect } from 'vitest';
import { STATS_CARD_SIZE } from '../../src/render/index.ts';
import { checkBlockKit, type SimMessage } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace } from '../../src/sim/workspace.ts';
import { textWithAltOf as textOf } from './blocks.ts';

export { textOf };

import { until } from './poll.ts';

export { until };

export const USER = SIM_IDS.requester;

export const PERIOD_WORDS: Record<string, string> = {
  '1h': 'last hour',
  '3h': 'last 3 hours',
  '12h': 'last 12 hours',
  '1d': 'last 24 hours',
  '3d': 'last 3 days',
  '7d': 'last 7 days',
  '30d': 'last 30 days',
};

// The card's padding (20) plus its header (56), in CSS pixels: src/render/layout.ts.
const HEADER_BAND_CSS_PX = 76;

export type Block = { type: string; [key: string]: unknown };

/**
 * What the channel shows of a message before anyone clicks: header, sections and context — not
 * the image's alt text (screen readers get it) nor the notification's fallback text.
 */
export function shownTextOf(blocks: unknown): string {
  const out: string[] = [];
  for (const block of (blocks as Block[] | undefined) ?? []) {
    if (block.type === 'header' || block.type === 'section') {
      const text = (block.text as { text?: string } | undefined)?.text;
      if (text !== undefined) out.push(text);
      for (const field of (block.fields as Array<{ text: string }> | undefined) ?? []) out.push(field.text);
    }
    if (block.type === 'context') for (const e of block.elements as Array<{ text: string }>) out.push(e.text);
  }
  return out.join('\n');
}

export function imageFileId(message: { blocks?: unknown[] } | undefined): string | undefined {
  const image = (message?.blocks as Block[] | undefined)?.find((b) => b.type === 'image');
  return (image?.slack_file as { id?: string } | undefined)?.id;
}

/** Decodes the PNG and measures it: size, colours, and ink in the header band (text really drawn). */
export async function inspectPng(bytes: Buffer | undefined) {
  const png = bytes ?? Buffer.alloc(0);
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  const rgb = (i: number) => [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0] as const;
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = rgb(i);
    colours.add((r << 16) | (g << 8) | b);
  }
  // Background = the top-left pixel; "ink" = pixels clearly different from it. The header holds
  // only the title and the time range, so ink there means the font really drew (a blank card: 0).
  const bg = rgb(0);
  const headerRows = Math.round(HEADER_BAND_CSS_PX * (image.width / STATS_CARD_SIZE.width));
  let headerInk = 0;
  for (let y = 0; y < headerRows; y++) {
    for (let x = 0; x < image.width; x++) {
      const [r, g, b] = rgb((y * image.width + x) * 4);
      if (Math.abs(r - bg[0]) + Math.abs(g - bg[1]) + Math.abs(b - bg[2]) > 96) headerInk += 1;
    }
  }
  return { width: image.width, height: image.height, colours: colours.size, headerInk };
}

export function statsDriver(workspace: () => SimulatedWorkspace) {
  return {
    /** Runs the command in `channel` and waits for the new stats message there. */
    async postStats(text: string, channel: string, timeoutMs = 8000): Promise<SimMessage> {
      const ws = workspace();
      const before = ws.slack.messagesIn(channel).length;
      const res = await ws.driver.command(text, { userId: USER, channelId: channel });
      expect(res.status).toBe(200);
      return until(
        () =>
          ws.slack
            .messagesIn(channel)
            .slice(before)
            .find((m) => m.via === 'chat.postMessage'),
        `the stats message in ${channel}`,
        timeoutMs,
      );
    },

    /** The ephemeral reply sent through a command's or a click's response_url. */
    async ephemeralReply(responseUrl: string): Promise<string> {
      const ws = workspace();
      const response = await until(
        () => ws.slack.responses.find((r) => r.url === responseUrl && r.ok),
        'the ephemeral reply',
      );
      expect(response.response_type).toBe('ephemeral');
      return `${response.text ?? ''}\n${textOf(response.blocks)}`;
    },

    /** Every message the bot sent or changed (and every response_url body) passes the Block Kit checks. */
    expectValidBlocks(): void {
      const ws = workspace();
      const sent = ws.slack.calls.filter((c) =>
        ['chat.postMessage', 'chat.update', 'chat.postEphemeral', 'response_url'].includes(c.method),
      );
      expect(sent.length).toBeGreaterThan(0);
      for (const call of sent) {
        if (call.args.blocks !== undefined) {
          expect(checkBlockKit('message', call.args.blocks), call.method).toEqual([]);
        }
      }
    },

    /** No value the management API handed out appears in any Slack call or log line. */
    expectNoSecrets(): void {
      const ws = workspace();
      const secrets = ws.mgmt.secretsHandedOut();
      expect(secrets.length).toBeGreaterThan(0);
      for (const secret of secrets) {
        for (const call of ws.slack.calls) expect(call.rawBody.includes(secret)).toBe(false);
        for (const line of ws.logs) expect(line.includes(secret)).toBe(false);
      }
    },
  };
}
