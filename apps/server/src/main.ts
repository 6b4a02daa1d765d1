import { loadConfig } from './config';
import { startRuntime } from './runtime';
import { demoUser } from './seed/demo';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await startRuntime(config);
  console.log(`\nVerzendhuis draait op ${config.publicUrl}`);
  if (config.seedDemo) console.log(`Demo-account: ${demoUser.email} / ${demoUser.password}`);
  console.log(`API-documentatie: ${config.publicUrl}/api/docs\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.app.log.info(`${signal} received, stopping`);
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
