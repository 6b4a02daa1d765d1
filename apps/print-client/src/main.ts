import { PrintClient } from './client';
import { loadConfig } from './config';
import { startLocalApi } from './http-api';

/**
 * The Verzendhuis print client: `npm run print-client`, or `node verzendhuis-print-client.mjs`
 * when packed (README, "De printerclient").
 */
async function main() {
  const config = loadConfig();
  const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
  const client = new PrintClient({ config, log });
  await client.start();
  const api = await startLocalApi(client, { port: config.port, origins: config.origins });
  log(`Verzendhuis printerclient luistert op ${api.url} (server ${client.serverUrl()}, status ${config.statePath})`);
  const printers = await client.printers();
  log(printers.length ? `printers: ${printers.map((p) => `${p.name} (${p.kind}${p.selected ? ', gekozen' : ''})`).join(', ')}` : 'geen printers gevonden');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await api.close();
    await client.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
