// The map must match the house: what docs/ARCHITECTURE.md, the README and the comments in src/
// name (paths, background jobs, ports, feature folders) is read from the code and compared, so a
// move or a new job that forgets the docs fails here instead of misleading the next reader.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
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

/** The ports createOpsbot(...).features exposes: the keys registerFeatures returns. */
function portsInCode(): string[] {
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

  it('names every port createOpsbot exposes, and no other', () => {
    const listed = /exposes the ports \(([^)]*)\)/.exec(architecture.replaceAll('\n', ' '))?.[1] ?? '';
    expect(backticked(listed).sort()).toEqual(portsInCode().sort());
  });

  it('names every feature folder', () => {
    const folders = readdirSync(join(root, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !architecture.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('paths named elsewhere', () => {
  it('the README names only src/ paths that exist', () => {
    expect(srcPathsIn(read('README.md')).filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('the map, the README and CONTRIBUTING.md name only test/ paths that exist', () => {
    const pages = ['docs/ARCHITECTURE.md', 'README.md', 'CONTRIBUTING.md'].filter((page) =>
      existsSync(join(root, page)),
    );
    const named = pages.flatMap((page) => pathsIn(read(page), 'test').map((path) => `${page}: ${path}`));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((line) => missing([line.split(': ')[1] ?? '']).length > 0)).toEqual([]);
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
