import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { WebSocket } from 'ws';
import { printClientMessageSchema, printServerUnauthorizedClose, type PrintClientMessage, type PrintServerMessage } from '@verzendhuis/contract/printing';
import { printingTexts } from '@verzendhuis/domain/printing-texts';
import type { PrintingRepository } from './repository';

/** The server pings every socket this often; a socket that did not answer the last ping is ended. */
export const printServerPingMs = 20_000;
/** The channel on which a process tells the others that a client's jobs wait, or that it was unpaired. */
export const printJobsChannel = 'print_jobs';

export function credentialHash(credential: string): string {
  return createHash('sha256').update(credential).digest('hex');
}

interface HeldSocket {
  socket: WebSocket;
  organisationId: string;
  organisationName: string;
  /** After hello: jobs are sent from then on. */
  ready: boolean;
  /** Jobs sent on this socket: not sent again on it (a reconnect sends every waiting job again). */
  sent: Set<string>;
  alive: boolean;
  /** Deliveries to this socket, one after the other. */
  queue: Promise<void>;
}

type Signal = { o: string; c: string; a: 'deliver' | 'close' };

/**
 * The print server of this process (docs/printing.md): the sockets of the print clients
 * connected here, by client id. A job stored by any process is announced on the
 * PostgreSQL channel `print_jobs` (LISTEN/NOTIFY on a connection of its own, like the
 * instance lease this is process machinery, not an organisation's data); the process
 * holding the client's socket sends it. Every (re)connect sends all the client's waiting
 * jobs again until the client reports them (it de-duplicates by job id).
 */
export function createPrintServer(deps: {
  repository: PrintingRepository;
  pool: pg.Pool;
  instanceId: () => number | null;
  markPrinted: (organisationId: string, labelIds: string[]) => Promise<void>;
  log: FastifyBaseLogger;
  pingMs?: number;
}) {
  const { repository, log } = deps;
  const held = new Map<string, HeldSocket>();
  let listener: pg.Client | null = null;
  let pinger: NodeJS.Timeout | null = null;
  let stopping = false;
  /** Connected and disconnected of one client, written in the order they happened (a quick reconnect must not read offline). */
  const stateWrites = new Map<string, Promise<void>>();
  const inOrder = (clientId: string, write: () => Promise<void>): Promise<void> => {
    const next = (stateWrites.get(clientId) ?? Promise.resolve()).then(write);
    const tail: Promise<void> = next.catch(() => undefined).then(() => {
      if (stateWrites.get(clientId) === tail) stateWrites.delete(clientId);
    });
    stateWrites.set(clientId, tail);
    return next;
  };

  const send = (socket: WebSocket, message: PrintServerMessage) =>
    new Promise<void>((resolve, reject) => socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve())));

  /** Sends the client's waiting jobs not yet sent on its socket here; false when this process does not hold it. */
  function deliverHere(clientId: string): boolean {
    const entry = held.get(clientId);
    if (!entry?.ready) return entry !== undefined;
    entry.queue = entry.queue.then(async () => {
      const scoped = repository.for(entry.organisationId);
      const jobs = (await scoped.pendingJobs(clientId)).filter((job) => !entry.sent.has(job.id) && job.content);
      for (const job of jobs) {
        if (held.get(clientId) !== entry) break;
        // Marked before it goes: once the client has it, the job reads sent (still waiting for its result).
        await scoped.markSent([job.id]);
        entry.sent.add(job.id);
        await send(entry.socket, { type: 'job', job_id: job.id, format: job.contentFormat, content_base64: Buffer.from(job.content!).toString('base64'), title: printingTexts.jobTitle });
      }
    }).catch((error: unknown) => log.warn({ err: error, printerClientId: clientId }, 'print job delivery failed'));
    return true;
  }

  function closeHere(clientId: string): void {
    const entry = held.get(clientId);
    if (!entry) return;
    held.delete(clientId);
    entry.socket.close(printServerUnauthorizedClose, printingTexts.unpaired);
  }

  /** Tells every process (this one included, at once) that a client's jobs wait or that it was unpaired. */
  async function signal(organisationId: string, clientId: string, action: Signal['a']): Promise<void> {
    if (action === 'deliver') deliverHere(clientId);
    else closeHere(clientId);
    const payload: Signal = { o: organisationId, c: clientId, a: action };
    await deps.pool.query('SELECT pg_notify($1, $2)', [printJobsChannel, JSON.stringify(payload)]);
  }

  async function listen(): Promise<void> {
    if (stopping) return;
    const client = new pg.Client(deps.pool.options);
    client.on('error', (error) => {
      log.warn({ err: error }, 'print server: the LISTEN connection failed; connecting again');
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      setTimeout(() => void listen().catch(() => undefined), 1000).unref();
    });
    client.on('notification', (message) => {
      try {
        const signalled = JSON.parse(message.payload ?? '') as Signal;
        if (signalled.a === 'close') closeHere(signalled.c);
        else deliverHere(signalled.c);
      } catch {
        // Not ours.
      }
    });
    await client.connect();
    await client.query(`LISTEN ${printJobsChannel}`);
    listener = client;
    // What was announced while the connection was down reaches the clients now.
    for (const clientId of held.keys()) deliverHere(clientId);
  }

  async function onMessage(entry: HeldSocket, clientId: string, message: PrintClientMessage): Promise<void> {
    const scoped = repository.for(entry.organisationId);
    if (message.type === 'hello') {
      await inOrder(clientId, () => scoped.markConnected(clientId, deps.instanceId(), { name: message.name?.trim() || undefined, printers: message.printers, selected: message.selected }));
      await send(entry.socket, { type: 'welcome', printer_client_id: clientId, organisation: entry.organisationName });
      entry.ready = true;
      deliverHere(clientId);
    } else if (message.type === 'printers') {
      await scoped.updatePrinters(clientId, message.printers, message.selected);
    } else {
      const labelIds = await scoped.finishJob(clientId, message.job_id, {
        status: message.status,
        message: message.status === 'failed' ? message.message?.trim() || printingTexts.failedWithoutReason : null,
      });
      if (labelIds && message.status === 'printed') await deps.markPrinted(entry.organisationId, labelIds);
    }
  }

  return {
    /** The paired client of a credential, or null (wrong or unpaired). */
    async authenticate(credential: string) {
      return (await repository.crossOrganisation.clientByCredential(credentialHash(credential))) ?? null;
    },

    /** A socket of an authenticated client: it replaces an older one of the same client here. */
    attach(socket: WebSocket, client: { id: string; organisationId: string; organisationName: string }): void {
      const previous = held.get(client.id);
      if (previous) {
        held.delete(client.id);
        previous.socket.close(4000, 'Vervangen door een nieuwe verbinding');
      }
      const entry: HeldSocket = { socket, organisationId: client.organisationId, organisationName: client.organisationName, ready: false, sent: new Set(), alive: true, queue: Promise.resolve() };
      held.set(client.id, entry);
      const scoped = repository.for(client.organisationId);
      socket.on('pong', () => {
        entry.alive = true;
        scoped.touch(client.id).catch(() => undefined);
      });
      socket.on('message', (data, isBinary) => {
        let parsed: PrintClientMessage;
        try {
          const result = printClientMessageSchema.safeParse(JSON.parse(isBinary ? '' : String(data)));
          if (!result.success) return log.debug({ printerClientId: client.id }, 'print server: a message it does not know');
          parsed = result.data;
        } catch {
          socket.close(1008, printingTexts.invalidMessage);
          return;
        }
        entry.queue = entry.queue
          .then(() => onMessage(entry, client.id, parsed))
          .catch((error: unknown) => log.warn({ err: error, printerClientId: client.id }, 'print server: a message failed'));
      });
      socket.on('close', () => {
        if (held.get(client.id) !== entry) return;
        held.delete(client.id);
        inOrder(client.id, () => scoped.markDisconnected(client.id, deps.instanceId())).catch(() => undefined);
      });
    },

    signal,

    /** Listens on the channel and starts pinging. */
    async start(): Promise<void> {
      stopping = false;
      await listen();
      pinger = setInterval(() => {
        for (const entry of held.values()) {
          if (!entry.alive) {
            entry.socket.terminate();
            continue;
          }
          entry.alive = false;
          entry.socket.ping();
        }
      }, deps.pingMs ?? printServerPingMs);
      pinger.unref();
    },

    /** Closes the sockets held here (the clients reconnect, to this process's successor or another one) and the channel. */
    async stop(): Promise<void> {
      stopping = true;
      if (pinger) clearInterval(pinger);
      const closing = [...held.entries()].map(([clientId, entry]) => {
        held.delete(clientId);
        entry.socket.close(1001, 'Server stopt');
        return repository.for(entry.organisationId).markDisconnected(clientId, deps.instanceId()).catch(() => undefined);
      });
      await Promise.all(closing);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}

export type PrintServer = ReturnType<typeof createPrintServer>;
