import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface PrintClientProcess {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The local print client as `npm run print-client` starts it (apps/print-client), on its
 * own port, with a folder printer and its own state file, allowed for the app's origin.
 */
export async function startPrintClientProcess(options: { port: number; folder: string; state: string; serverUrl: string }): Promise<PrintClientProcess> {
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/print-client/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PRINT_CLIENT_PORT: String(options.port),
      PRINT_FOLDER: options.folder,
      PRINT_CLIENT_STATE: options.state,
      PRINT_CLIENT_ORIGINS: options.serverUrl,
      PRINT_SERVER_URL: options.serverUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`print client exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/connected`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`print client did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
}
