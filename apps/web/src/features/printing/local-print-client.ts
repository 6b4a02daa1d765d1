import type { z } from 'zod';
import {
  localConnectedSchema,
  localErrorSchema,
  localPrinterClientIdSchema,
  localPrintersSchema,
  localServerUrlSchema,
  type Printer,
} from '@verzendhuis/contract/printing';
import { printingWebTexts as texts } from '@verzendhuis/domain/printing-web-texts';

/**
 * The local print client's HTTP API on 127.0.0.1 (account spec §7): GET serverurl,
 * connected, printerclientid, printers; POST setlabelprinter, disconnect, serverurl,
 * connect. Every call has a timeout. "Printer client errors reset its state": reading
 * the state never fails; an error or no answer is the state "not found" (not ready).
 */
export interface LocalPrintClientState {
  /** The client answered on this computer. */
  found: boolean;
  connected: boolean;
  printerClientId: string | null;
  printers: Printer[];
  serverUrl: string | null;
}

export const printClientNotFound: LocalPrintClientState = { found: false, connected: false, printerClientId: null, printers: [], serverUrl: null };

/** A call to the local client failed: its Dutch message, or ours when it gave none (or no answer). */
export class LocalPrintClientError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'LocalPrintClientError';
    this.status = status;
  }
}

export interface LocalPrintClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** How long one call may take (ms). */
  timeoutMs?: number;
}

/** A read answers at once; connect waits for the server's welcome (the client gives up waiting after 5 s). */
export const localPrintClientTimeoutMs = 4000;
export const localPrintClientChangeTimeoutMs = 10_000;

export function createLocalPrintClient({ baseUrl, fetch: doFetch = globalThis.fetch.bind(globalThis), timeoutMs = localPrintClientTimeoutMs }: LocalPrintClientOptions) {
  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), method === 'GET' ? timeoutMs : Math.max(timeoutMs, localPrintClientChangeTimeoutMs));
    let response: Response;
    let text: string;
    try {
      response = await doFetch(new URL(path, `${baseUrl.replace(/\/$/, '')}/`), {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      text = await response.text();
    } catch {
      throw new LocalPrintClientError(texts.clientNoAnswer, null);
    } finally {
      clearTimeout(timer);
    }
    const parsed = parseJson(text);
    if (!response.ok) {
      const error = localErrorSchema.safeParse(parsed);
      throw new LocalPrintClientError(error.success ? error.data.message : texts.clientFailed, response.status);
    }
    return parsed;
  }

  async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    const result = schema.safeParse(await send('GET', path));
    if (!result.success) throw new LocalPrintClientError(texts.clientFailed, null);
    return result.data;
  }

  return {
    /** The client's whole state; anything that fails makes it "not found" (the spec's reset). */
    async state(): Promise<LocalPrintClientState> {
      try {
        const [connected, id, printers, server] = await Promise.all([
          get('connected', localConnectedSchema),
          get('printerclientid', localPrinterClientIdSchema),
          get('printers', localPrintersSchema),
          get('serverurl', localServerUrlSchema),
        ]);
        return { found: true, connected: connected.connected, printerClientId: id.printer_client_id, printers: printers.printers, serverUrl: server.url };
      } catch {
        return printClientNotFound;
      }
    },
    setLabelPrinter: async (name: string): Promise<void> => void (await send('POST', 'setlabelprinter', { name })),
    disconnect: async (): Promise<void> => void (await send('POST', 'disconnect', {})),
    setServerUrl: async (url: string): Promise<void> => void (await send('POST', 'serverurl', { url })),
    /** With a pairing code: pairs with the server; without: reconnects with the stored credential. */
    connect: async (code?: string): Promise<void> => void (await send('POST', 'connect', code === undefined ? {} : { code })),
  };
}

export type LocalPrintClient = ReturnType<typeof createLocalPrintClient>;

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** Ready to print: connected to the server, paired, with a selected printer (orders spec §2.5, §2.8). */
export function isPrintClientReady(state: LocalPrintClientState): boolean {
  return state.found && state.connected && state.printerClientId !== null && state.printers.some((printer) => printer.selected);
}

/** The same server, compared by origin (a trailing slash or path does not make it another). */
export function sameServer(a: string | null, b: string): boolean {
  if (a === null) return false;
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/**
 * Account spec §7: the product reconnects the client when its server url differs from
 * this app's or it is not connected. The client forgets its pairing when its server url
 * changes (a credential belongs to the server that gave it), so a client paired with
 * another server is not moved here by itself: that would unpair it there on a mere visit;
 * "Koppelen" moves it. An unpaired client is pointed at this app; a client paired with
 * this app that is not connected is reconnected, unless the user disconnected it here.
 */
export function reconnectNeeded(state: LocalPrintClientState, appOrigin: string, { userDisconnected = false } = {}): { setServerUrl: boolean; connect: boolean } {
  if (!state.found) return { setServerUrl: false, connect: false };
  const here = sameServer(state.serverUrl, appOrigin);
  if (state.printerClientId === null) return { setServerUrl: !here, connect: false };
  return { setServerUrl: false, connect: here && !state.connected && !userDisconnected };
}

/** Paired, but with another server than this app (the page offers to pair here). */
export function pairedElsewhere(state: LocalPrintClientState, appOrigin: string): boolean {
  return state.found && state.printerClientId !== null && !sameServer(state.serverUrl, appOrigin);
}
