// The import rules of docs/ARCHITECTURE.md, read from the source itself: a rule that isn't checked
// drifts. Type-only imports are left out where a rule is about what runs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');

type Import = { from: string; to: string; typeOnly: boolean };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every `import … from` / `export … from` of a file, by the path (or package) it names. */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const statements = text.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/gm);
  return [...statements].map(([, type, spec = '']) => ({
    from: relative(ROOT, file),
    to: spec.startsWith('.') ? relative(ROOT, resolve(dirname(file), spec)) : spec,
    typeOnly: type !== undefined,
  }));
}

const files = sourceFiles(SRC);
const imports = files.flatMap(importsOf);
const app = (path: string) => !path.startsWith('src/sim/') && !path.startsWith('src/demo/');

describe('the import rules of docs/ARCHITECTURE.md', () => {
  it('has no import circle among the modules that run', () => {
    const next = new Map<string, string[]>();
    for (const i of imports) {
      if (i.typeOnly || !i.to.startsWith('src/')) continue;
      next.set(i.from, [...(next.get(i.from) ?? []), i.to]);
    }
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const to of next.get(file) ?? []) {
        if (state.get(to) === 'open') circles.push([...path.slice(path.indexOf(to)), to].join(' → '));
        else if (state.get(to) === undefined) visit(to, [...path, to]);
      }
      state.set(file, 'done');
    };
    for (const file of next.keys()) if (state.get(file) === undefined) visit(file, [file]);
    expect(circles).toEqual([]);
  });

  it('lets a feature use another only through its index.ts', () => {
    const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1];
    const reaching = imports.filter((i) => {
      const [from, to] = [featureOf(i.from), featureOf(i.to)];
      return from !== undefined && to !== undefined && from !== to && !i.to.endsWith(`${to}/index.ts`);
    });
    expect(reaching.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it("hands FeatureContext only to the composition root and the features' index.ts", () => {
    const allowed = (path: string) => path === 'src/app.ts' || /^src\/features\/[^/]+\/index\.ts$/.test(path);
    const readers = files
      .map((file) => relative(ROOT, file))
      .filter((path) => path !== 'src/feature-context.ts' && !allowed(path))
      .filter((path) => /\bFeatureContext\b/.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(readers).toEqual([]);
  });

  it('lets each feature hand out its service, with no port types written beside it', () => {
    const features = files
      .map((file) => relative(ROOT, file))
      .filter((path) => path.startsWith('src/features/'));
    const portFiles = features.filter((path) => /\/(ports|service-types)\.ts$/.test(path));
    const portTypes = features.filter((path) =>
      /^export (type|interface) \w+Port\b/m.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect([...portFiles, ...portTypes]).toEqual([]);
  });

  it("uses Bolt's values only where the app is composed and in listeners", () => {
    const allowed = (path: string) =>
      ['src/app.ts', 'src/log.ts', 'src/slack/preflight.ts'].includes(path) ||
      /\/listeners(\.ts|\/)/.test(path);
    const outside = imports.filter(
      (i) => i.to.startsWith('@slack/bolt') && !i.typeOnly && app(i.from) && !allowed(i.from),
    );
    expect(outside.map((i) => i.from)).toEqual([]);
  });

  it('keeps src/text self-contained: it imports nothing outside itself but Node built-ins', () => {
    const outside = imports.filter(
      (i) => i.from.startsWith('src/text/') && !i.to.startsWith('src/text/') && !i.to.startsWith('node:'),
    );
    expect(outside.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it('keeps the guardrails Slack-free: src/policy imports nothing from src/slack', () => {
    const slack = imports.filter((i) => i.from.startsWith('src/policy/') && i.to.startsWith('src/slack/'));
    expect(slack.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it('builds the stats report without the renderer: src/stats-report imports nothing from src/render', () => {
    const render = imports.filter(
      (i) => i.from.startsWith('src/stats-report/') && i.to.startsWith('src/render/'),
    );
    expect(render.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it('reads the source it checks', () => {
    // A regular expression that silently matched nothing would pass every rule above.
    expect(files.length).toBeGreaterThan(100);
    expect(imports.filter((i) => i.to === '@slack/bolt').length).toBeGreaterThan(3);
    expect(imports.filter((i) => i.to.startsWith('src/text/')).length).toBeGreaterThan(30);
  });
});
