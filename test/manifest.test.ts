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
      ['chat:write', 'chat:write.public', 'commands', 'files:write', 'im:write', 'users:read'].sort(),
    );
  });
});
