// A small Dockerfile reader: enough of the format (comments, line continuations, stages, JSON and
// shell forms, --flags) to check what opsbot's Dockerfile says and to replay its steps.
export type Instruction = {
  keyword: string;
  /** `--from=build` → { from: 'build' }. */
  flags: Record<string, string>;
  /** The rest of the line after the flags. */
  text: string;
  /** The JSON (exec) form's words, when the arguments are a JSON array. */
  json: string[] | undefined;
  line: number;
};

export type Stage = { name: string | undefined; base: string; steps: Instruction[] };

const KEYWORDS = new Set([
  'FROM',
  'RUN',
  'CMD',
  'LABEL',
  'EXPOSE',
  'ENV',
  'ADD',
  'COPY',
  'ENTRYPOINT',
  'VOLUME',
  'USER',
  'WORKDIR',
  'ARG',
  'ONBUILD',
  'STOPSIGNAL',
  'HEALTHCHECK',
  'SHELL',
  'MAINTAINER',
]);

export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let logical = lines[i] ?? '';
    if (/^\s*(#|$)/.test(logical)) continue;
    while (logical.endsWith('\\')) {
      i += 1;
      const next = lines[i];
      if (next === undefined) throw new Error(`line ${start + 1}: continuation at end of file`);
      if (/^\s*#/.test(next)) continue;
      logical = `${logical.slice(0, -1)} ${next.trim()}`;
    }
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(logical);
    const keyword = match?.[1]?.toUpperCase();
    if (!match || keyword === undefined || !KEYWORDS.has(keyword))
      throw new Error(`line ${start + 1}: not an instruction: ${logical}`);
    let rest = match[2]?.trim() ?? '';
    const flags: Record<string, string> = {};
    for (
      let flag = /^--([a-z-]+)(?:=(\S+))?\s*/.exec(rest);
      flag;
      flag = /^--([a-z-]+)(?:=(\S+))?\s*/.exec(rest)
    ) {
      flags[flag[1] as string] = flag[2] ?? 'true';
      rest = rest.slice(flag[0].length);
    }
    out.push({ keyword, flags, text: rest, json: jsonForm(rest, start + 1), line: start + 1 });
  }
  return out;
}

function jsonForm(text: string, line: number): string[] | undefined {
  const body = text.replace(/^CMD\s+/, '');
  if (!body.startsWith('[')) return undefined;
  const words: unknown = JSON.parse(body);
  if (!Array.isArray(words) || !words.every((w) => typeof w === 'string'))
    throw new Error(`line ${line}: exec form must be a JSON array of strings`);
  return words;
}

export function stagesOf(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const step of instructions) {
    if (step.keyword === 'FROM') {
      const [base = '', as, name] = step.text.split(/\s+/);
      stages.push({ base, name: as?.toUpperCase() === 'AS' ? name : undefined, steps: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`line ${step.line}: ${step.keyword} before FROM`);
      stage.steps.push(step);
    }
  }
  return stages;
}

/** HEALTHCHECK's own CMD: its JSON words. */
export function healthcheckCommand(step: Instruction): string[] {
  const match = /^CMD\s+(.*)$/.exec(step.text);
  const json = match?.[1];
  if (json === undefined) throw new Error(`line ${step.line}: HEALTHCHECK without CMD`);
  return JSON.parse(json) as string[];
}

/** The `web:` command of a Procfile. */
export function procfileWeb(text: string): string {
  const line = text.split('\n').find((l) => l.startsWith('web:'));
  if (line === undefined) throw new Error('the Procfile has no web process');
  return line.slice('web:'.length).trim();
}
