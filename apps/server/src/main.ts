import { loadConfig } from './config';
import { startRuntime } from './runtime';
import { demoUser } from './seed/demo';
import { createLogger } from './services';

async function main(): Promise<void> {
  const config = loadConfig();
  // One JSON logger for the whole process (docs/observability.md): the start's messages, the app's and the services' lines.
  const logger = createLogger(config);
  const runtime = await startRuntime(config, { logger });
  logger.info({ url: config.publicUrl, docs: `${config.publicUrl}/api/docs` }, 'Verzendhuis draait');
  // The demo account's documented password (README) only on a developer's terminal, never in a log.
  if (process.stdout.isTTY) {
    console.log(`\nVerzendhuis draait op ${config.publicUrl}`);
    if (config.seedDemo) console.log(`Demo-account: ${demoUser.email} / ${demoUser.password}`);
    console.log(`API-documentatie: ${config.publicUrl}/api/docs\n`);
  } else if (config.seedDemo) logger.info({ email: demoUser.email }, 'demo account (its password is in the README)');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.app.log.info(`${signal} received, stopping`);
    try {
      await runtime.stop();
      process.exit(0);
    } catch (error) {
      // A signal to the whole process group stops the embedded PostgreSQL at the same moment.
      logger.warn({ err: error }, 'stopped, not everything closed cleanly');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
