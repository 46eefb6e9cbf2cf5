import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  blockActionsPayload,
  slashCommandBody,
  viewClosedPayload,
  viewSubmissionPayload,
} from '../../../../src/sim/driver/payloads.ts';
import { blockSuggestionPayload } from '../../../../src/sim/driver/suggest.ts';
import { checkOptionsAnswer } from '../../../../src/sim/slack/index.ts';

type Json = Record<string, unknown>;

function reference(name: string): Json {
  return JSON.parse(
    readFileSync(new URL(`../../../support/fixtures/slack/payloads/${name}`, import.meta.url), 'utf8'),
  ) as Json;
}

const payloadOf = (body: string): Json => {
  const params = new URLSearchParams(body);
  expect([...params.keys()]).toEqual(['payload']);
  return JSON.parse(params.get('payload') ?? '') as Json;
};

describe('slashCommandBody', () => {
  const ref = reference('slash-command.json');
  const fields = ref.fields as Record<string, string>;

  it('reproduces the captured Slack body byte for byte from the same values', () => {
    const body = slashCommandBody({
      token: fields.token,
      teamId: fields.team_id ?? '',
      teamDomain: fields.team_domain,
      channelId: fields.channel_id ?? '',
      channelName: fields.channel_name,
      userId: fields.user_id ?? '',
      userName: fields.user_name,
      command: fields.command ?? '',
      text: fields.text ?? '',
      apiAppId: fields.api_app_id ?? '',
      isEnterpriseInstall: false,
      enterpriseId: fields.enterprise_id,
      enterpriseName: fields.enterprise_name,
      responseUrl: fields.response_url ?? '',
      triggerId: fields.trigger_id ?? '',
    } as Parameters<typeof slashCommandBody>[0]);
    expect(body).toBe(ref.raw_body);
  });

  it('has the reference field set (without Enterprise Grid fields) with form encoding', () => {
    const body = slashCommandBody({
      command: '/ops',
      text: 'vector stats idx-1 7d',
      userId: 'U1',
      channelId: 'C1',
      teamId: 'T0TEST',
      apiAppId: 'A0TEST',
      responseUrl: 'http://127.0.0.1:1/commands/T0TEST/1/x',
      triggerId: '1.2.ab',
    });
    const expected = Object.keys(fields).filter((k) => !k.startsWith('enterprise_'));
    expect([...new URLSearchParams(body).keys()]).toEqual(expected);
    expect(body).toContain('command=%2Fops&text=vector+stats+idx-1+7d');
  });
});

describe('interactivity payloads', () => {
  it('block_actions from a message has the captured field set', () => {
    const ref = reference('block_actions.message-button.json');
    const ours = payloadOf(
      blockActionsPayload({
        user: { id: 'U1' },
        teamId: 'T1',
        apiAppId: 'A1',
        triggerId: '1.2.ab',
        container: { type: 'message', message_ts: '1.000100', channel_id: 'C1', is_ephemeral: false },
        channel: { id: 'C1' },
        state: { values: {} },
        responseUrl: 'http://127.0.0.1:1/actions/T1/1/x',
        actions: [
          {
            action_id: 'approve',
            block_id: 'b',
            type: 'button',
            value: 'r1',
            text: { type: 'plain_text', text: 'Approve' },
          },
        ],
      }),
    );
    const refPayload = ref.payload as Json;
    for (const key of Object.keys(refPayload)) expect(ours).toHaveProperty(key);
    expect(Object.keys(ours.user as Json)).toEqual(Object.keys(refPayload.user as Json));
    expect(Object.keys(ours.container as Json)).toEqual(Object.keys(refPayload.container as Json));
    const [action] = ours.actions as Json[];
    const [refAction] = refPayload.actions as Json[];
    expect(Object.keys(action ?? {}).sort()).toEqual(Object.keys(refAction ?? {}).sort());
    expect(action?.action_ts).toMatch(/^\d+\.\d{6}$/);
  });

  it('block_actions from a modal has a view container, the view, and no response_url or channel', () => {
    const ref = reference('block_actions.modal-button.json').payload as Json;
    const view = ref.view as Json;
    const ours = payloadOf(
      blockActionsPayload({
        user: { id: 'U1' },
        teamId: 'T1',
        apiAppId: 'A1',
        triggerId: '1.2.ab',
        container: { type: 'view', view_id: String(view.id) },
        view,
        actions: [{ action_id: 'auth_url', block_id: 'auth_url', type: 'button' }],
      }),
    );
    for (const key of Object.keys(ref)) expect(ours).toHaveProperty(key);
    expect(ours).not.toHaveProperty('response_url');
    expect(ours).not.toHaveProperty('channel');
  });

  it('view_submission has the captured envelope and full view', () => {
    const ref = reference('view_submission.json').payload as Json;
    const refView = ref.view as Json;
    const ours = payloadOf(
      viewSubmissionPayload({
        user: { id: 'U1' },
        view: {
          id: 'V1',
          callback_id: 'index_request',
          private_metadata: '{}',
          state: { values: {} },
          title: { type: 'plain_text', text: 't' },
        },
        triggerId: '1.2.ab',
        teamId: 'T1',
        apiAppId: 'A1',
      }),
    );
    expect(Object.keys(ours).slice(0, Object.keys(ref).length)).toEqual(Object.keys(ref));
    for (const key of Object.keys(refView).filter((k) => !['close', 'submit'].includes(k))) {
      expect(ours.view).toHaveProperty(key);
    }
  });

  it('view_closed has the captured field set and no trigger_id', () => {
    const ref = reference('view_closed.json').payload as Json;
    const ours = payloadOf(
      viewClosedPayload({
        user: { id: 'U1' },
        view: { id: 'V1', callback_id: 'c', private_metadata: '', state: { values: {} } },
        teamId: 'T1',
        apiAppId: 'A1',
      }),
    );
    for (const key of Object.keys(ref)) expect(ours).toHaveProperty(key);
    expect(ours).not.toHaveProperty('trigger_id');
    expect(ours.is_cleared).toBe(false);
  });
});

describe('block_suggestion payloads', () => {
  it('from a modal has the reference field order, the view, and no trigger_id or response_url', () => {
    const ref = reference('block_suggestion.modal.json');
    const refPayload = ref.payload as Json;
    const view = refPayload.view as Json;
    const ours = payloadOf(
      blockSuggestionPayload({
        user: { id: 'U1' },
        teamId: 'T1',
        apiAppId: 'A1',
        actionId: 'index',
        blockId: 'watch_index',
        value: 'cat',
        container: { type: 'view', view_id: String(view.id) },
        view,
      }),
    );
    expect(Object.keys(ours)).toEqual(Object.keys(refPayload));
    expect(Object.keys(ours.user as Json)).toEqual(Object.keys(refPayload.user as Json));
    expect(ours).not.toHaveProperty('trigger_id');
    expect(ours).not.toHaveProperty('response_url');
  });

  it('from a message names the channel and carries the message', () => {
    const refPayload = reference('block_suggestion.message.json').payload as Json;
    const ours = payloadOf(
      blockSuggestionPayload({
        user: { id: 'U1' },
        teamId: 'T1',
        apiAppId: 'A1',
        actionId: 'index',
        blockId: 'stats_for',
        value: 'cat',
        container: { type: 'message', message_ts: '1.000100', channel_id: 'C1', is_ephemeral: false },
        channel: { id: 'C1' },
        message: refPayload.message as Json,
      }),
    );
    expect(Object.keys(ours)).toEqual(Object.keys(refPayload));
    expect(Object.keys(ours.container as Json)).toEqual(Object.keys(refPayload.container as Json));
  });

  it('the reference answers are ones Slack shows', () => {
    const answers = reference('block_suggestion.modal.json').answers as Record<string, Json>;
    for (const answer of Object.values(answers)) {
      expect(checkOptionsAnswer(200, JSON.stringify(answer), 5).errors).toEqual([]);
    }
  });
});
