import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

/**
 * A fake of Verzendhuis's print server (issue 13, docs/printing.md "Het protocol"):
 * `POST /api/printer-client/claim {code, name}` pairs with a code it issued, and the
 * websocket `GET /api/print-server` (header `Authorization: PrintClient <credential>`)
 * says welcome, takes the printers and job results, and sends jobs. A job is delivered
 * again on every connect until a result for it arrives, as the real server does.
 * `restart()` stops and starts it on the same port; state survives, as a database would.
 */
export interface FakePrintClientRecord {
  printer_client_id: string;
  name: string;
  credential: string;
  revoked: boolean;
  printers: { name: string; kind: 'zpl' | 'pdf' }[];
  selected: string | null;
}

export interface FakeJob {
  job_id: string;
  printer_client_id: string;
  format: 'pdf' | 'zpl';
  content: Buffer;
  title: string;
  /** How many times it was sent to the client. */
  deliveries: number;
  result: { status: 'printed' | 'failed'; message?: string } | null;
}

export interface FakePrintServer {
  url: string;
  port: number;
  clients: Map<string, FakePrintClientRecord>;
  jobs: Map<string, FakeJob>;
  /** Every message a client sent, in order, with its client. */
  received: { printer_client_id: string; message: Record<string, unknown> }[];
  /** The claims the fake answered (code, name and status), for assertions. */
  claims: { code: string; name: unknown; status: number }[];
  /** How many websocket upgrades were refused with 401. */
  refusedUpgrades: number;
  /** A one-time pairing code, valid until used. */
  issueCode(): string;
  /** Sends a job now if its client is connected, else when it connects. */
  sendJob(printerClientId: string, job: { format?: 'pdf' | 'zpl'; content: Buffer | string; title?: string }): string;
  /** Whether the client has an open, welcomed socket. */
  connected(printerClientId: string): boolean;
  /** Revokes the credential: the open socket is closed with 4401, a new upgrade gets 401. */
  revoke(printerClientId: string): void;
  /** Closes every socket as a crashing server would (no close frame). */
  dropConnections(): void;
  /** Stops (sockets dropped) and listens again on the same port. */
  restart(): Promise<void>;
  /** Stops listening; `start()` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export async function startFakePrintServer(options: { port?: number; organisation?: string; pingIntervalMs?: number } = {}): Promise<FakePrintServer> {
  const clients = new Map<string, FakePrintClientRecord>();
  const jobs = new Map<string, FakeJob>();
  const codes = new Set<string>();
  const sockets = new Map<string, WebSocket>();
  const received: FakePrintServer['received'] = [];
  const claims: FakePrintServer['claims'] = [];
  let port = options.port ?? 0;
  let server: http.Server | null = null;
  let wss: WebSocketServer | null = null;
  let pinger: NodeJS.Timeout | null = null;

  const byCredential = (header: string | undefined) => {
    const credential = /^PrintClient (\S+)$/.exec(header ?? '')?.[1];
    return [...clients.values()].find((c) => c.credential === credential && !c.revoked) ?? null;
  };

  const deliver = (job: FakeJob) => {
    const socket = sockets.get(job.printer_client_id);
    if (!socket || socket.readyState !== WebSocket.OPEN || job.result) return;
    job.deliveries += 1;
    socket.send(JSON.stringify({ type: 'job', job_id: job.job_id, format: job.format, content_base64: job.content.toString('base64'), title: job.title }));
  };

  const handleRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST' || req.url !== '/api/printer-client/claim') return send(404, { status: 404, message: 'Deze functie bestaat niet.' });
      let body: { code?: unknown; name?: unknown } = {};
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        // stays empty
      }
      const code = typeof body.code === 'string' ? body.code : '';
      if (!codes.delete(code)) {
        claims.push({ code, name: body.name, status: 400 });
        return send(400, { status: 400, message: 'Deze koppelcode is ongeldig, verlopen of al gebruikt. Vraag een nieuwe code aan.', message_code: 'printer_client_code_invalid', type: 'validation' });
      }
      const record: FakePrintClientRecord = { printer_client_id: randomUUID(), name: typeof body.name === 'string' ? body.name : '', credential: randomBytes(32).toString('base64url'), revoked: false, printers: [], selected: null };
      clients.set(record.printer_client_id, record);
      claims.push({ code, name: body.name, status: 200 });
      send(200, { status: 'success', data: { printer_client_id: record.printer_client_id, credential: record.credential } });
    });
  };

  const start = async () => {
    server = http.createServer(handleRequest);
    wss = new WebSocketServer({ noServer: true });
    const current = wss;
    server.on('upgrade', (req, socket, head) => {
      const record = req.url === '/api/print-server' ? byCredential(req.headers.authorization) : null;
      if (!record) {
        fake.refusedUpgrades += 1;
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      current.handleUpgrade(req, socket, head, (ws) => {
        sockets.get(record.printer_client_id)?.terminate();
        ws.on('message', (data) => {
          let message: Record<string, unknown>;
          try {
            message = JSON.parse(data.toString()) as Record<string, unknown>;
          } catch {
            return;
          }
          received.push({ printer_client_id: record.printer_client_id, message });
          if (message.type === 'hello' || message.type === 'printers') {
            record.printers = (message.printers as FakePrintClientRecord['printers']) ?? [];
            record.selected = (message.selected as string | null) ?? null;
          }
          if (message.type === 'hello') {
            sockets.set(record.printer_client_id, ws);
            ws.send(JSON.stringify({ type: 'welcome', printer_client_id: record.printer_client_id, organisation: options.organisation ?? 'Testwinkel' }));
            for (const job of jobs.values()) if (job.printer_client_id === record.printer_client_id) deliver(job);
          }
          if (message.type === 'job-result') {
            const job = jobs.get(String(message.job_id));
            if (job && job.printer_client_id === record.printer_client_id && !job.result) job.result = { status: message.status === 'printed' ? 'printed' : 'failed', ...(typeof message.message === 'string' ? { message: message.message } : {}) };
          }
        });
        ws.on('close', () => {
          if (sockets.get(record.printer_client_id) === ws) sockets.delete(record.printer_client_id);
        });
      });
    });
    pinger = setInterval(() => {
      for (const ws of sockets.values()) ws.ping();
    }, options.pingIntervalMs ?? 20_000);
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };

  const stop = async () => {
    if (pinger) clearInterval(pinger);
    for (const ws of sockets.values()) ws.terminate();
    sockets.clear();
    for (const ws of wss?.clients ?? []) ws.terminate();
    wss?.close();
    const s = server;
    server = null;
    if (s) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  };

  await start();
  const fake: FakePrintServer = {
    url: `http://localhost:${port}`,
    port,
    clients,
    jobs,
    received,
    claims,
    refusedUpgrades: 0,
    issueCode() {
      let code = '';
      for (const byte of randomBytes(8)) code += alphabet[byte % alphabet.length];
      codes.add(code);
      return code;
    },
    sendJob(printerClientId, job) {
      const record: FakeJob = { job_id: randomUUID(), printer_client_id: printerClientId, format: job.format ?? 'pdf', content: Buffer.isBuffer(job.content) ? job.content : Buffer.from(job.content), title: job.title ?? 'Verzendhuis labels', deliveries: 0, result: null };
      jobs.set(record.job_id, record);
      deliver(record);
      return record.job_id;
    },
    connected: (id) => sockets.get(id)?.readyState === WebSocket.OPEN,
    revoke(id) {
      const record = clients.get(id);
      if (record) record.revoked = true;
      sockets.get(id)?.close(4401, 'revoked');
    },
    dropConnections() {
      for (const ws of sockets.values()) ws.terminate();
      sockets.clear();
    },
    async restart() {
      await stop();
      await start();
    },
    stop,
    start,
    close: stop,
  };
  return fake;
}
