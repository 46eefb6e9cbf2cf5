// The peer of the ack-path and cold-start benchmarks: the smallest Bolt app that answers /ops —
// HTTPReceiver, one ack-only command, nothing else. `/ops-card` acks with a card of the size
// opsbot's help answer has (PEER_CARD_FILE), so routing cost and answer size can be told apart.
// Prints one JSON line with event "listening" once bound, as opsbot does.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';

const token = process.env.PEER_BOT_TOKEN ?? 'xoxb-peer-fake-token';
const signingSecret = process.env.PEER_SIGNING_SECRET ?? 'peer-fake-signing-secret';
const slackApiUrl = process.env.PEER_SLACK_API_URL;
const port = Number(process.env.PEER_PORT ?? '0');
const cardFile = process.env.PEER_CARD_FILE;
const card: unknown = cardFile ? JSON.parse(readFileSync(cardFile, 'utf8')) : { text: 'card' };

const receiver = new HTTPReceiver({ signingSecret, endpoints: '/slack/events', logLevel: LogLevel.ERROR });
const app = new App({
  token,
  receiver,
  logLevel: LogLevel.ERROR,
  ...(slackApiUrl ? { clientOptions: { slackApiUrl } } : {}),
});

app.command('/ops', async ({ ack }) => {
  await ack();
});
app.command('/ops-card', async ({ ack }) => {
  await ack(card as Parameters<typeof ack>[0]);
});

const server = await app.start(port);
const bound = (server.address() as AddressInfo).port;
process.stdout.write(`${JSON.stringify({ event: 'listening', port: bound })}\n`);

process.on('SIGTERM', () => {
  void app.stop().then(() => process.exit(0));
});
