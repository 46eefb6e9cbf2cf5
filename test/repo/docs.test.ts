// The map must match the house: what docs/ARCHITECTURE.md, the README and the comments in src/
// name (paths, background jobs, services, feature folders) is read from the code and compared, so a
// move or a new job that forgets the docs fails here instead of misleading the next reader.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const architecture = read('docs/ARCHITECTURE.md');

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const sourceFiles = filesUnder('src').filter((path) => /\.(ts|mjs|cjs)$/.test(path));
const sourceNames = new Set(filesUnder('src').map((path) => basename(path)));

/** `src/…` (or `test/…`) paths a text names; a placeholder like `src/features/<feature>/` is not a path. */
function pathsIn(text: string, top: 'src' | 'test'): string[] {
  const named = new RegExp(`(?<![\\w/.-])${top}\\/[\\w./<>*-]*`, 'g');
  const paths = [...text.matchAll(named)].map((m) => m[0].replace(/[.,]+$/, ''));
  return [...new Set(paths.filter((path) => !/[<*]/.test(path)))];
}
const srcPathsIn = (text: string) => pathsIn(text, 'src');
const missing = (paths: string[]) => paths.filter((path) => !existsSync(join(root, path)));

/** Each background job's name, as the code gives it to createJob. */
function jobNamesInCode(): string[] {
  const code = sourceFiles.filter((path) => !path.endsWith('jobs.ts')).map(read);
  return code.flatMap((text) =>
    [...text.matchAll(/createJob\(\{[\s\S]{0,80}?name: '([a-z_]+)'/g)].map((m) => m[1] ?? ''),
  );
}

/** The services createOpsbot(...).features exposes: the keys registerFeatures returns. */
function servicesInCode(): string[] {
  const app = read('src/app.ts');
  const body = app.slice(app.indexOf('function registerFeatures'));
  const returned = /return \{([^}]*)\};\s*\}\s*$/.exec(body)?.[1] ?? '';
  return [...returned.matchAll(/(\w+):/g)].map((m) => m[1] ?? '');
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
const rowOf = (name: string) => architecture.split('\n').find((line) => line.startsWith(`| ${name} |`)) ?? '';

describe('docs/ARCHITECTURE.md', () => {
  it('names only src/ paths that exist', () => {
    expect(srcPathsIn(architecture).filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('names only source files that exist somewhere under src/', () => {
    const files = backticked(architecture).filter((name) => /^[\w-]+\.(ts|mjs)$/.test(name));
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.filter((name) => !sourceNames.has(name))).toEqual([]);
  });

  it('names every background job by the name the code gives it, and no other', () => {
    const inCode = jobNamesInCode();
    expect(inCode.length).toBeGreaterThanOrEqual(4);
    const inDoc = backticked(rowOf('background jobs')).filter((name) => /^[a-z]+(_[a-z]+)+$/.test(name));
    expect(inDoc.filter((name) => name !== 'job_failed').sort()).toEqual([...inCode].sort());
  });

  it('names every service createOpsbot exposes, and no other', () => {
    const listed = /exposes the services \(([^)]*)\)/.exec(architecture.replaceAll('\n', ' '))?.[1] ?? '';
    expect(backticked(listed).sort()).toEqual(servicesInCode().sort());
  });

  it('names every feature folder', () => {
    const folders = readdirSync(join(root, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !architecture.includes(`\`${name}\``))).toEqual([]);
  });
});

/** The user and engineer documentation: the README, CONTRIBUTING.md and every page in docs/. */
const documentation = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('paths named elsewhere', () => {
  it.each(documentation)('%s names only src/ paths that exist', (page) => {
    expect(srcPathsIn(read(page)).filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it.each(documentation)('%s names only test/ paths that exist', (page) => {
    expect(missing(pathsIn(read(page), 'test'))).toEqual([]);
  });

  it('comments in src/ and bench/ name only test/ paths that exist', () => {
    const code = [...sourceFiles, ...filesUnder('bench').filter((path) => path.endsWith('.ts'))];
    const named = code.flatMap((file) =>
      missing(pathsIn(read(file), 'test')).map((path) => `${file}: ${path}`),
    );
    expect(named).toEqual([]);
  });

  it('comments in src/ name only src/ paths that exist', () => {
    const missing = sourceFiles.flatMap((file) =>
      srcPathsIn(read(file))
        .filter((path) => !existsSync(join(root, path)))
        .map((path) => `${file}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});

/** The text outside code: a link-like `[x](y)` in a code block or span is not a link. */
const prose = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

/** Every relative link target of a page (files and #anchors; web addresses left out). */
function relativeLinks(markdown: string): string[] {
  const targets = [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
  return targets.filter((target) => !/^[a-z]+:/i.test(target));
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading = ''] of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

describe('links in the documentation', () => {
  it.each(documentation)(
    'every relative link in %s reaches a file, and a heading when it names one',
    (page) => {
      const broken = relativeLinks(read(page)).filter((target) => {
        const [file = '', anchor] = target.split('#');
        const path = file === '' ? page : normalize(join(dirname(page), decodeURIComponent(file)));
        if (!existsSync(join(root, path))) return true;
        return anchor !== undefined && !anchorsOf(read(path)).has(anchor);
      });
      expect(broken).toEqual([]);
    },
  );

  it('leaves no page unlinked: the README or CONTRIBUTING.md links every page in docs/', () => {
    const linked = [...relativeLinks(read('README.md')), ...relativeLinks(read('CONTRIBUTING.md'))];
    const pages = documentation.filter((page) => page.startsWith('docs/'));
    expect(pages.length).toBeGreaterThanOrEqual(8);
    expect(pages.filter((page) => !linked.some((target) => target.split('#')[0] === page))).toEqual([]);
  });

  it('reads anchors as GitHub makes them', () => {
    expect(
      anchorsOf('## Shared parts (outside `src/features/`, one of each)\n## Node.js 24\n## Node.js 24'),
    ).toEqual(new Set(['shared-parts-outside-srcfeatures-one-of-each', 'nodejs-24', 'nodejs-24-1']));
  });
});

describe('the README', () => {
  const readme = read('README.md');

  it('is read in five minutes: at most 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('shows the test command CI runs (.ci/run ends with it)', () => {
    const ci = read('.ci/run').trim().split('\n');
    expect(ci.at(-1)).toBe('npm test');
    expect(readme).toContain('`npm test`');
  });

  it('has the section the start-up error points newcomers to', () => {
    const pointers = sourceFiles.flatMap((file) =>
      [...read(file).matchAll(/README: "([^"]+)"/g)].map((m) => m[1] ?? ''),
    );
    expect(pointers.length).toBeGreaterThanOrEqual(1);
    for (const heading of pointers) expect(readme).toContain(`\n## ${heading}\n`);
  });
});
