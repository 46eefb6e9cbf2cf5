// Entry point: config -> logger -> API client -> app -> listen; graceful shutdown on SIGTERM.
import { createManagementClient } from './api/client.ts';
import { createOpsbot } from './app.ts';
import { systemClock } from './clock.ts';
import { configErrorLine, mgmtCredentialsInClear, parseConfig, secretsOf } from './config.ts';
import { createLogger } from './log.ts';
import { StartupRefused } from './slack/preflight.ts';
import { openStore } from './store/index.ts';

/** Platforms send SIGKILL some seconds after SIGTERM; finish well inside that. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** Starts opsbot: `node src/main.ts` runs it (the Procfile, `npm start`). */
export async function main(): Promise<void> {
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    process.stderr.write(`${configErrorLine(parsed.problems)}\n`);
    process.exit(1);
  }
  const config = parsed.config;
  const logger = createLogger({ level: config.logLevel, secrets: secretsOf(config) });
  if (mgmtCredentialsInClear(config))
    logger.warn(
      { event: 'mgmt_api_cleartext', variable: 'MGMT_API_URL' },
      'MGMT_API_URL starts with http://: the management API password crosses the network unencrypted; use https:// outside a local simulator',
    );

  const mgmt = createManagementClient({
    baseUrl: config.mgmt.baseUrl,
    username: config.mgmt.username,
    password: config.mgmt.password,
    timeoutMs: config.mgmt.timeoutMs,
    connectTimeoutMs: config.mgmt.connectTimeoutMs,
    logger: logger.child({ component: 'mgmt-api' }),
  });

  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(config.database, logger.child({ component: 'store' }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`opsbot: could not open the store: ${message}\n`);
    process.exit(1);
  }

  const opsbot = createOpsbot({ config, logger, mgmt, store, clock: systemClock });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ event: 'shutdown', signal }, 'shutting down');
    const hardStop = setTimeout(() => {
      logger.error({ event: 'shutdown_timeout' }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    hardStop.unref();
    await opsbot.stop(SHUTDOWN_DEADLINE_MS - 2_000);
    await mgmt.close();
    await store.close();
    logger.info({ event: 'stopped' }, 'stopped');
    logger.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // A promise nobody awaited must not take the bot down (Node's default); it is a bug to log.
  process.on('unhandledRejection', (reason) => {
    logger.error({ event: 'unhandled_rejection', err: errorText(reason) }, 'a background task failed');
  });

  try {
    await opsbot.start();
  } catch (error) {
    const message = error instanceof StartupRefused ? error.message : `could not start: ${errorText(error)}`;
    process.stderr.write(`opsbot: ${message}\n`);
    logger.flush();
    process.exit(1);
  }
}

// Imported rather than run, it only defines main.
if (import.meta.main) await main();

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
