import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type SimulatedWorkspace, startSimulatedWorkspace } from '../src/sim/workspace.ts';

const manifest = parse(readFileSync(new URL('../manifest.yml', import.meta.url), 'utf8'));
const schema = JSON.parse(
  readFileSync(new URL('./fixtures/slack/manifest.schema.1.0.0.json', import.meta.url), 'utf8'),
);

describe('manifest.yml', () => {
  it("is valid against Slack's app manifest schema v1", () => {
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
    const valid = ajv.validate(schema, manifest);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('declares the /ops command on the events endpoint, which the router answers', () => {
    const [command, ...others] = manifest.features.slash_commands;
    expect(others).toEqual([]);
    expect(command.command).toBe('/ops');
    expect(command.url).toMatch(/\/slack\/events$/);
    expect(command.usage_hint).toContain('help');
  });

  it('turns interactivity on at the same endpoint (buttons and modals)', () => {
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(manifest.settings.interactivity.request_url).toMatch(/\/slack\/events$/);
  });

  it('asks for exactly the bot scopes the code uses', () => {
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual(
      [
        'channels:history',
        'channels:read',
        'chat:write',
        'chat:write.public',
        'groups:history',
        'groups:read',
        'commands',
        'files:write',
        'im:write',
        'users:read',
        'usergroups:read',
      ].sort(),
    );
  });

  it('has Slack escape @people, @user-groups and #channels in /ops text, so they arrive as IDs', () => {
    expect(manifest.features.slash_commands[0].should_escape).toBe(true);
  });

  it('asks for the approver group membership with usergroups:read, and says why', () => {
    const text = readFileSync(new URL('../manifest.yml', import.meta.url), 'utf8');
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.trim() === '- usergroups:read');
    expect(at).toBeGreaterThan(0);
    let start = at;
    while (lines[start - 1]?.trim().startsWith('#')) start -= 1;
    const comment = lines.slice(start, at).join(' ');
    expect(comment).toMatch(/usergroups\.users\.list/);
  });

  it('sends type-ahead options requests to the events endpoint (the schema names it message_menu_options_url)', () => {
    const interactivity = manifest.settings.interactivity;
    expect(interactivity.message_menu_options_url).toMatch(/\/slack\/events$/);
    expect(interactivity.message_menu_options_url).toBe(interactivity.request_url);
    const fields = schema.definitions['app-manifests.v1.settings.interactivity'].properties;
    expect(Object.keys(fields)).toContain('message_menu_options_url');
  });
});

// What Slack shows people before they type: the command's description and usage hint. Checked
// against the subcommands the app registers, so a new one cannot be missing from them.
describe('manifest.yml: /ops as Slack describes it', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });
  const command = () => manifest.features.slash_commands[0];
  const paths = () => ws.opsbot.router.list().flatMap((sub) => [sub.words, ...(sub.aliases ?? [])]);

  it('hints every word of every subcommand the app registers, and help', () => {
    const hinted = new Set(String(command().usage_hint).split(/[\s|[\]<>]+/));
    const missing = [...new Set(['help', ...paths().flat()])].filter((word) => !hinted.has(word));
    expect(paths().length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it('describes every top-level subcommand (in a plural where it reads better)', () => {
    const description = String(command().description).toLowerCase();
    const topLevel = [...new Set(ws.opsbot.router.list().map((sub) => sub.words[0] ?? ''))];
    expect(topLevel.filter((word) => !new RegExp(`\\b${word}`).test(description))).toEqual([]);
  });
});

// The Workflow Builder steps' contract: callback id -> parameter -> [type, required]. Workflows refer
// to these names, so the manifest must carry each one with this type.
const USER = 'slack#/types/user_id';
const CHANNEL = 'slack#/types/channel_id';
const PERSON_RUNNING = 'slack#/types/user_context';
const STEPS: Record<string, { inputs: Record<string, [string, boolean]>; outputs: Record<string, string> }> =
  {
    request_search_index: {
      inputs: {
        name: ['string', true],
        region: ['string', true],
        plan: ['string', true],
        user_context: [PERSON_RUNNING, true],
        requester: [USER, false],
        channel: [CHANNEL, false],
        reason: ['string', false],
      },
      outputs: {
        request_id: 'integer',
        state: 'string',
        index_id: 'string',
        index_name: 'string',
        endpoint: 'string',
        decided_by: USER,
      },
    },
    vector_index_stats: {
      inputs: {
        index: ['string', true],
        period: ['string', false],
        channel: [CHANNEL, false],
        user_context: [PERSON_RUNNING, false],
      },
      outputs: {
        summary: 'string',
        vectors: 'number',
        pending_operations: 'number',
        queries_today: 'number',
        updates_today: 'number',
        monthly_cost: 'number',
        storage_bytes: 'number',
        p99_query_latency: 'number',
      },
    },
    messaging_accounts_summary: {
      inputs: { channel: [CHANNEL, false], user_context: [PERSON_RUNNING, false] },
      outputs: { accounts: 'integer', needing_attention: 'integer', summary: 'string' },
    },
  };

type Parameter = { type: string; title?: string; description?: string; is_required?: boolean };

describe('manifest.yml: the Workflow Builder steps', () => {
  const functions = manifest.functions as Record<
    string,
    {
      title: string;
      input_parameters: Record<string, Parameter>;
      output_parameters: Record<string, Parameter>;
    }
  >;

  it('declares exactly the three steps, each with a title and a description', () => {
    expect(Object.keys(functions).sort()).toEqual(Object.keys(STEPS).sort());
    for (const step of Object.values(functions)) {
      expect(step.title).toMatch(/\w/);
      expect(Object.keys(step)).toContain('description');
    }
  });

  for (const [callbackId, contract] of Object.entries(STEPS)) {
    it(`${callbackId}: every input with its type and whether a workflow must fill it`, () => {
      const declared = functions[callbackId]?.input_parameters ?? {};
      const seen = Object.fromEntries(
        Object.entries(declared).map(([name, p]) => [name, [p.type, p.is_required === true]]),
      );
      expect(seen).toEqual(contract.inputs);
    });

    it(`${callbackId}: every output with its type, titled and described for the workflow's author`, () => {
      const declared = functions[callbackId]?.output_parameters ?? {};
      const types = Object.fromEntries(Object.entries(declared).map(([name, p]) => [name, p.type]));
      expect(types).toEqual(contract.outputs);
      for (const parameter of [
        ...Object.values(declared),
        ...Object.values(functions[callbackId]?.input_parameters ?? {}),
      ]) {
        expect(parameter.title).toMatch(/\w/);
        expect(parameter.description).toMatch(/\w/);
      }
    });
  }

  it('receives function_executed and runs the steps itself, installed at the org level', () => {
    expect(manifest.settings.event_subscriptions.bot_events).toContain('function_executed');
    expect(manifest.settings.org_deploy_enabled).toBe(true);
    expect(manifest.settings.function_runtime).toBe('remote');
  });
});
