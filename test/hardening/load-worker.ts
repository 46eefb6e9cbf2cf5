// The load test's sender, on a worker thread of its own, so the simulators' work in the test's main
// thread stays out of the figures. It asks the main thread for each request just before sending it
// (a click's trigger_id, like Slack's, is only good for 3 s), then times the HTTP round trip alone.
import { parentPort, workerData } from 'node:worker_threads';

export type LoadRequest = { body: string; headers: Record<string, string> };
export type LoadInput = { url: string; concurrency: number; total: number };
export type LoadAnswer = { index: number; status: number; body: string; ms: number; error?: string };
export type WorkerMessage = { want: number } | { done: LoadAnswer[] };

async function run(port: NonNullable<typeof parentPort>, input: LoadInput): Promise<LoadAnswer[]> {
  const waiting = new Map<number, (request: LoadRequest) => void>();
  port.on('message', (m: { index: number; request: LoadRequest }) => waiting.get(m.index)?.(m.request));
  const ask = (index: number) =>
    new Promise<LoadRequest>((resolve) => {
      waiting.set(index, resolve);
      port.postMessage({ want: index } satisfies WorkerMessage);
    });
  const answers: LoadAnswer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: input.concurrency }, async () => {
      for (let index = next++; index < input.total; index = next++) {
        const request = await ask(index);
        waiting.delete(index);
        const t0 = performance.now();
        try {
          const res = await fetch(input.url, {
            method: 'POST',
            headers: request.headers,
            body: request.body,
          });
          const body = await res.text();
          answers.push({ index, status: res.status, body, ms: performance.now() - t0 });
        } catch (error) {
          answers.push({ index, status: 0, body: '', ms: performance.now() - t0, error: String(error) });
        }
      }
    }),
  );
  return answers;
}

if (parentPort !== null) {
  const port = parentPort;
  void run(port, workerData as LoadInput).then((done) => {
    port.postMessage({ done } satisfies WorkerMessage);
    port.close();
  });
}
