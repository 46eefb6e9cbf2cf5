// The import rules of docs/ARCHITECTURE.md, read from the source itself: a rule that isn't checked
// drifts. Type-only imports are left out where a rule is about what runs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
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

// The folders of test/ (docs/ARCHITECTURE.md, Tests): unit tests at the path of the src/ file they
// test, and shared helpers only in test/support/, so a test is found where its code is.
const TEST = join(ROOT, 'test');
const FOLDERS = ['unit', 'e2e', 'hardening', 'repo', 'support'];
const testTree = sourceFiles(TEST).map((path) => relative(ROOT, path));
/** Every relative `import … from` or `import('…')` of a file under test/, by the path it names. */
function helperImportsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specs = text.matchAll(/(?:^(?:import|export)\s[^'";]*?from\s+|\bimport\()['"](\.[^'"]+)['"]/gm);
  return [...specs].map(([, spec = '']) => ({
    from: file,
    to: relative(ROOT, resolve(dirname(join(ROOT, file)), spec)),
    typeOnly: false,
  }));
}

describe('the folders of test/', () => {
  it('holds only unit, e2e, hardening, repo and support', () => {
    const elsewhere = testTree.filter((path) => !FOLDERS.includes(path.split('/')[1] ?? ''));
    expect(elsewhere).toEqual([]);
  });

  it('names a src/ file with every unit test: test/unit/x/y[.aspect].test.ts tests src/x/y.ts', () => {
    const unitTests = testTree.filter((path) => path.startsWith('test/unit/') && path.endsWith('.test.ts'));
    const orphans = unitTests.filter((path) => {
      const [name = ''] = path.slice('test/unit/'.length).split('/').slice(-1);
      const folder = dirname(path.slice('test/unit/'.length));
      return !existsSync(join(SRC, folder, `${name.split('.')[0]}.ts`));
    });
    expect(unitTests.length).toBeGreaterThan(100);
    expect(orphans).toEqual([]);
  });

  it('starts no app in a unit test: a test that does drives the whole app and belongs in e2e/', () => {
    const unitTests = testTree.filter((path) => path.startsWith('test/unit/') && path.endsWith('.test.ts'));
    const starting = unitTests.filter((path) =>
      /startSimulatedWorkspace\(|src\/main\.ts|spawned-app\.ts/.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(starting).toEqual([]);
  });

  it('shares helpers only through test/support/; others sit beside, or above, the tests that use them', () => {
    const crossing = testTree
      .flatMap((file) => helperImportsOf(file))
      .filter(({ from, to }) => {
        if (!to.startsWith('test/') || to.startsWith('test/support/')) return false;
        if (to.endsWith('.test.ts')) return true;
        // Beside: the same folder. Above: a folder of test/unit/ (a contract its two runners share).
        const [home, here] = [dirname(to), dirname(from)];
        const above = home.split('/').length > 2 && `${here}/`.startsWith(`${home}/`);
        return home !== here && !above;
      });
    expect(crossing.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });
});
