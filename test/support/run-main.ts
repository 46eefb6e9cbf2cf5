// Runs the app's entry (`node src/main.ts`, what `npm start` and the Procfile run) to completion
// with exactly the given environment, as an operator would.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ENTRY_PATH = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export type MainRun = { code: number | null; stdout: string; stderr: string };

export function runMain(env: Record<string, string>): Promise<MainRun> {
  return new Promise((resolve) => {
    // Only PATH is inherited, so the developer's own environment cannot leak in.
    const child = spawn(process.execPath, [ENTRY_PATH], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
