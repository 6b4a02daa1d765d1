import WebSocket from 'ws';

/** The messages of the print server's protocol (docs/printing.md, "Het protocol"). */
export interface PrinterInfo {
  name: string;
  kind: 'zpl' | 'pdf';
}
export type ClientMessage =
  | { type: 'hello'; version: '1'; name: string; printers: PrinterInfo[]; selected: string | null }
  | { type: 'printers'; printers: PrinterInfo[]; selected: string | null }
  | { type: 'job-result'; job_id: string; status: 'printed' | 'failed'; message?: string };
export interface WelcomeMessage {
  type: 'welcome';
  printer_client_id: string;
  organisation: string;
}
export interface JobMessage {
  type: 'job';
  job_id: string;
  format: 'pdf' | 'zpl';
  content_base64: string;
  title: string;
}

export interface Backoff {
  /** The first wait after a failed attempt. */
  initialMs: number;
  /** The longest wait. */
  maxMs: number;
}

export const defaultBackoff: Backoff = { initialMs: 1000, maxMs: 30_000 };

/**
 * The wait before reconnect attempt `attempt` (0 is the first): doubling from
 * `initialMs` up to `maxMs`, of which a random half is taken off ("equal jitter"), so
 * that clients a server restart dropped together do not come back together.
 */
export function backoffDelay(attempt: number, backoff: Backoff = defaultBackoff, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The websocket address of a server url: http → ws, https → wss, + /api/print-server. */
export function printServerUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/print-server`;
  return url.toString();
}

export interface ConnectionEvents {
  /** The hello to send on each (re)connect, with the printers as they are now. */
  hello(): Promise<ClientMessage>;
  welcome(message: WelcomeMessage): void;
  job(message: JobMessage): void;
  /** The server refused the credential (401 or close code 4401): the client stops. */
  revoked(): void;
  /** Connected (welcomed) or not. */
  status(connected: boolean): void;
}

export interface ServerConnectionOptions {
  serverUrl: string;
  credential: string;
  events: ConnectionEvents;
  backoff?: Backoff;
  /** Without a ping or message from the server this long, the connection is taken as dead (server pings every 20 s). */
  heartbeatMs?: number;
}

/**
 * The websocket to the print server: connects, says hello, and reconnects with backoff
 * after any loss (a server restart, a network change) until `stop`. A refused credential
 * ends it for good.
 */
export class ServerConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private stopped = true;
  private welcomed = false;

  constructor(private readonly options: ServerConnectionOptions) {}

  get connected(): boolean {
    return this.welcomed && this.socket?.readyState === WebSocket.OPEN;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    this.open();
  }

  /** Closes the socket and stops reconnecting. */
  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.clearHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.on('error', () => {});
      if (socket.readyState === WebSocket.OPEN) socket.close(1000, 'disconnect');
      else socket.terminate();
    }
    this.setWelcomed(false);
  }

  /** Sends when connected; false when the message could not be sent (it is then sent again by the protocol's redelivery). */
  send(message: ClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private setWelcomed(value: boolean) {
    if (this.welcomed === value) return;
    this.welcomed = value;
    this.options.events.status(value);
  }

  private open() {
    if (this.stopped) return;
    let refused = false;
    const socket = new WebSocket(printServerUrl(this.options.serverUrl), {
      headers: { authorization: `PrintClient ${this.options.credential}` },
      handshakeTimeout: 15_000,
      maxPayload: 64 * 1024 * 1024,
    });
    this.socket = socket;
    socket.on('unexpected-response', (request, response) => {
      refused = response.statusCode === 401;
      response.resume();
      request.destroy();
      this.lost(socket, refused);
    });
    socket.on('open', () => {
      this.touch(socket);
      void this.options.events.hello().then((hello) => {
        if (this.socket === socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(hello));
      });
    });
    socket.on('ping', () => this.touch(socket));
    socket.on('message', (data, isBinary) => {
      this.touch(socket);
      if (isBinary) return;
      let message: { type?: unknown };
      try {
        message = JSON.parse(data.toString()) as { type?: unknown };
      } catch {
        return;
      }
      if (message.type === 'welcome') {
        this.attempt = 0;
        this.setWelcomed(true);
        this.options.events.welcome(message as WelcomeMessage);
      } else if (message.type === 'job') {
        this.options.events.job(message as JobMessage);
      }
    });
    socket.on('close', (code) => this.lost(socket, refused || code === 4401));
    socket.on('error', () => this.lost(socket, refused));
  }

  private touch(socket: WebSocket) {
    this.clearHeartbeat();
    this.heartbeat = setTimeout(() => socket.terminate(), this.options.heartbeatMs ?? 45_000);
  }

  private clearHeartbeat() {
    if (this.heartbeat) clearTimeout(this.heartbeat);
    this.heartbeat = null;
  }

  /** The socket is gone: revoked ends it, anything else tries again after the backoff. */
  private lost(socket: WebSocket, revoked: boolean) {
    if (this.socket !== socket) return;
    this.socket = null;
    socket.removeAllListeners();
    socket.on('error', () => {});
    socket.terminate();
    this.clearHeartbeat();
    this.setWelcomed(false);
    if (this.stopped) return;
    if (revoked) {
      this.stopped = true;
      this.options.events.revoked();
      return;
    }
    const delay = backoffDelay(this.attempt++, this.options.backoff);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.open();
    }, delay);
  }
}
