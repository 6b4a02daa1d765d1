import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PrintClient, type PrintClientOptions } from '../client';
import { type LocalApi, startLocalApi } from '../http-api';

export const webOrigin = 'http://localhost:8080';

export interface TestPrintClient {
  client: PrintClient;
  api: LocalApi;
  folder: string;
  statePath: string;
  /** Calls the local API as the web page does (JSON, from `origin`, the web origin unless told). */
  call(method: 'GET' | 'POST', route: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  /** Stops the client (its state stays, as after quitting the program). */
  stop(): Promise<void>;
}

/**
 * A print client as `npm run print-client` starts it, on a free port, with a folder
 * printer and a state file in a temporary folder, without the machine's CUPS printers,
 * and a short backoff. `dir` reuses the folder of an earlier client (a restart).
 */
export async function startTestPrintClient(options: { serverUrl: string; dir?: string } & Partial<Omit<PrintClientOptions, 'config'>>): Promise<TestPrintClient & { dir: string; cleanup(): Promise<void> }> {
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'print-client-')));
  const folder = path.join(dir, 'labels');
  const statePath = path.join(dir, 'state.json');
  const client = new PrintClient({
    cups: false,
    backoff: { initialMs: 20, maxMs: 200 },
    machineName: 'Magazijn-pc',
    connectWaitMs: 3000,
    ...options,
    config: { port: 0, printFolder: folder, statePath, origins: [webOrigin], serverUrl: options.serverUrl },
  });
  await client.start();
  const api = await startLocalApi(client, { port: 0, origins: [webOrigin] });
  const stop = async () => {
    await api.close();
    await client.stop();
  };
  return {
    client,
    api,
    folder,
    statePath,
    dir,
    async call(method, route, body, headers = {}) {
      const response = await fetch(`${api.url}${route}`, {
        method,
        headers: { origin: webOrigin, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown>, headers: response.headers };
    },
    stop,
    async cleanup() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
