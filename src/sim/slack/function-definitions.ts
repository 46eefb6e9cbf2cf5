// The app's custom steps as Slack knows them: the `functions` block of the repository's manifest.yml
// (callback id -> title, description, input_parameters, output_parameters, each parameter keyed by
// its name). Slack checks the values a workflow passes in and the outputs the app completes with
// against these declarations; so does the simulator.
import { readFile } from 'node:fs/promises';
import { asRecord } from './reference.ts';

const MANIFEST = new URL('../../../manifest.yml', import.meta.url);

/** One parameter as Slack lists it in the function_executed event (`function.input_parameters`). */
export interface FunctionParameter {
  name: string;
  type: string;
  title?: string;
  description?: string;
  is_required: boolean;
}

export interface FunctionDefinition {
  callbackId: string;
  title: string;
  description: string;
  inputParameters: FunctionParameter[];
  outputParameters: FunctionParameter[];
}

function parametersOf(block: unknown): FunctionParameter[] {
  return Object.entries(asRecord(block) ?? {}).map(([name, raw]) => {
    const declared = asRecord(raw) ?? {};
    const parameter: FunctionParameter = {
      name,
      type: String(declared.type),
      is_required: declared.is_required === true,
    };
    if (typeof declared.title === 'string') parameter.title = declared.title;
    if (typeof declared.description === 'string') parameter.description = declared.description;
    return parameter;
  });
}

/** Reads the manifest's `functions` block. The yaml package is a development dependency, loaded on first use only. */
export async function loadFunctionDefinitions(
  manifest: URL = MANIFEST,
): Promise<Map<string, FunctionDefinition>> {
  const { parse } = await import('yaml').catch((error: unknown) => {
    throw new Error(
      `the Slack simulator reads the steps with the yaml package (a development dependency): ${error}`,
    );
  });
  const functions = asRecord(asRecord(parse(await readFile(manifest, 'utf8')))?.functions) ?? {};
  return new Map(
    Object.entries(functions).map(([callbackId, raw]) => {
      const declared = asRecord(raw) ?? {};
      return [
        callbackId,
        {
          callbackId,
          title: String(declared.title ?? callbackId),
          description: String(declared.description ?? ''),
          inputParameters: parametersOf(declared.input_parameters),
          outputParameters: parametersOf(declared.output_parameters),
        },
      ];
    }),
  );
}

// What a value of each Slack type looks like; a type the app does not use accepts any value.
const ID_PATTERNS: Record<string, RegExp> = {
  'slack#/types/user_id': /^[UW][A-Z0-9]+$/,
  'slack#/types/channel_id': /^[CGD][A-Z0-9]+$/,
  'slack#/types/usergroup_id': /^S[A-Z0-9]+$/,
};

function fitsType(type: string, value: unknown): boolean {
  // The person running the workflow, as Slack passes it: their user id and a secret vouching for it.
  if (type === 'slack#/types/user_context') {
    const context = asRecord(value);
    return fitsType('slack#/types/user_id', context?.id) && typeof context?.secret === 'string';
  }
  const pattern = ID_PATTERNS[type];
  if (pattern) return typeof value === 'string' && pattern.test(value);
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

/**
 * Why `values` do not fit `parameters`, one line per problem with the JSON pointer of the value
 * ("unknown parameter [json-pointer:/outputs/colour]"); empty when they fit.
 */
export function parameterProblems(
  parameters: FunctionParameter[],
  values: Record<string, unknown>,
  where: 'inputs' | 'outputs',
): string[] {
  const byName = new Map(parameters.map((p) => [p.name, p]));
  const problems: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const parameter = byName.get(name);
    if (!parameter) problems.push(`unknown parameter [json-pointer:/${where}/${name}]`);
    else if (!fitsType(parameter.type, value))
      problems.push(
        `expected ${parameter.type}, got ${JSON.stringify(value)} [json-pointer:/${where}/${name}]`,
      );
  }
  for (const parameter of parameters) {
    if (parameter.is_required && values[parameter.name] === undefined)
      problems.push(`missing required parameter [json-pointer:/${where}/${parameter.name}]`);
  }
  return problems;
}
