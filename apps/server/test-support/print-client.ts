import WebSocket from 'ws';
import type { PrintServerMessage } from '@verzendhuis/contract/printing';
import { request, type ServerAddress, type TestOrganisation } from './factories';

/**
 * A print client as the tests play it (docs/printing.md): pairs through the API
 * (`pair` with the user's token, `claim` with the code) and speaks the print server's
 * websocket protocol with the `ws` package, as apps/print-client does.
 */

export interface PairedClient {
  printerClientId: string;
  credential: string;
}

/** printer-client/pair as the organisation's user, then claim as the local client would. */
export async function pairPrintClient(org: TestOrganisation, name = 'Inpaktafel'): Promise<PairedClient> {
  const { data } = await org.api.printing.pair();
  const claimed = await request({ url: org.serverUrl }, { method: 'POST', path: '/api/printer-client/claim', body: { code: data.code, name } });
  if (claimed.status !== 200) throw new Error(`claim answered ${claimed.status}: ${JSON.stringify(claimed.body)}`);
  return { printerClientId: claimed.body.data.printer_client_id, credential: claimed.body.data.credential };
}

export interface TestPrintClient {
  socket: WebSocket;
  /** Every message the server sent, in order. */
  received: PrintServerMessage[];
  /** The first message (from the start) of `type` that `match` accepts, waiting for it if need be. */
  next: <T extends PrintServerMessage['type']>(type: T, match?: (m: Extract<PrintServerMessage, { type: T }>) => boolean) => Promise<Extract<PrintServerMessage, { type: T }>>;
  send: (message: unknown) => void;
  /** Resolves with the close code once the server (or the client) closed the socket. */
  closed: Promise<number>;
  close: () => Promise<number>;
}

export const testPrinters = [
  { name: 'Zebra_GK420d', kind: 'zpl' as const },
  { name: 'Kantoor_A4', kind: 'pdf' as const },
];

/**
 * Opens the print server's websocket with a credential; `hello` (unless false) is sent at
 * once with the test printers, the PDF one selected. Rejects with the HTTP status when the
 * upgrade is refused.
 */
export async function connectPrintClient(server: ServerAddress, credential: string, options: { hello?: Record<string, unknown> | false } = {}): Promise<TestPrintClient> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/print-server`, { headers: { authorization: `PrintClient ${credential}` } });
  const received: PrintServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as PrintServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) => reject(Object.assign(new Error(`upgrade refused: ${response.statusCode}`), { status: response.statusCode })));
    socket.once('error', reject);
  });
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  if (options.hello !== false) {
    send({ type: 'hello', version: '1', name: 'Inpaktafel', printers: testPrinters, selected: 'Kantoor_A4', ...options.hello });
  }
  const next: TestPrintClient['next'] = async (type, match) => {
    for (;;) {
      const found = received.find((m) => m.type === type && (!match || match(m as never)));
      if (found) return found as never;
      if (socket.readyState !== WebSocket.OPEN) throw new Error(`the socket closed before a ${type} message came`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        socket.once('close', () => resolve());
      });
    }
  };
  return {
    socket,
    received,
    next,
    send,
    closed,
    close: async () => {
      socket.close();
      return closed;
    },
  };
}
