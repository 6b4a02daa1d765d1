import os from 'node:os';
import path from 'node:path';

/** The print client's settings, read once from the environment (README, "De printerclient"). */
export interface PrintClientConfig {
  /** Port of the local HTTP API on 127.0.0.1 (PRINT_CLIENT_PORT, 41414; 0 is a free one). */
  port: number;
  /** A folder printer "Map: <folder>" writes each job there as a file (PRINT_FOLDER). */
  printFolder: string | null;
  /** Where the client keeps its state (PRINT_CLIENT_STATE). */
  statePath: string;
  /** The web origins that may call the local API (PRINT_CLIENT_ORIGINS, comma-separated). */
  origins: string[];
  /** The server it pairs with until the web page sets another (PRINT_SERVER_URL). */
  serverUrl: string;
}

export const defaultPort = 41414;
export const defaultServerUrl = 'http://localhost:8080';

/** The user's configuration folder: XDG on Linux, Application Support on macOS, APPDATA on Windows. */
export function configDirectory(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'win32') return env.APPDATA ?? path.join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME || path.join(home, '.config');
}

export function defaultStatePath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  return path.join(configDirectory(env, platform), 'verzendhuis-print-client', 'state.json');
}

/** An origin as browsers send it: scheme, host and port, no path or trailing slash. */
export function normaliseOrigin(value: string): string {
  const url = new URL(value.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`not a web origin: ${value}`);
  return url.origin;
}

/** A server url: http(s), without a trailing slash; null when it is not one. */
export function normaliseServerUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const url = new URL(value.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PrintClientConfig {
  const portText = env.PRINT_CLIENT_PORT?.trim();
  const port = portText ? Number(portText) : defaultPort;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PRINT_CLIENT_PORT is no port: ${portText}`);
  const serverUrl = normaliseServerUrl(env.PRINT_SERVER_URL?.trim() || defaultServerUrl);
  if (!serverUrl) throw new Error(`PRINT_SERVER_URL is no http(s) address: ${env.PRINT_SERVER_URL}`);
  const origins = (env.PRINT_CLIENT_ORIGINS?.trim() || defaultServerUrl)
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map(normaliseOrigin);
  return {
    port,
    printFolder: env.PRINT_FOLDER?.trim() ? path.resolve(env.PRINT_FOLDER.trim()) : null,
    statePath: env.PRINT_CLIENT_STATE?.trim() ? path.resolve(env.PRINT_CLIENT_STATE.trim()) : defaultStatePath(env),
    origins,
    serverUrl,
  };
}
