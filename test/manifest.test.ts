import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

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
        'chat:write',
        'chat:write.public',
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
