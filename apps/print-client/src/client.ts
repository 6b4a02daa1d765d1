import os from 'node:os';
import { printClientTexts } from '@verzendhuis/domain/print-client-texts';
import { type PrintClientConfig, normaliseServerUrl } from './config';
import { type Backoff, type ClientMessage, type JobMessage, ServerConnection } from './connection';
import { type Printer, type PrinterSource, type RunCommand, cupsPrinters, folderPrinter } from './printers';
import { type ClientState, type FinishedJob, loadState, saveState, unpaired, withFinishedJob } from './state';

/** A failure of a local API call: its HTTP status and Dutch message. */
export class ClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface PrinterView extends Printer {
  selected: boolean;
}

export interface PrintClientOptions {
  config: PrintClientConfig;
  /** Runs lpstat/lpoptions/lp; tests give a fake. */
  run?: RunCommand;
  /** Without CUPS printers at all (tests that must not see the machine's printers). */
  cups?: boolean;
  backoff?: Backoff;
  heartbeatMs?: number;
  /** The name the client gives itself when pairing (the computer's name). */
  machineName?: string;
  /** How long `connect` waits for the server's welcome before answering. */
  connectWaitMs?: number;
  /** How often the printers are read again (a printer plugged in later is announced). */
  printerRefreshMs?: number;
  log?: (line: string) => void;
}

/** The code as the user may type it: spaces and dashes dropped, upper case. */
export function normaliseCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{8}$/.test(code) ? code : null;
}

/**
 * The print client: its state, its printers, its connection to the print server and
 * the jobs it prints. The local HTTP API (`http-api.ts`) calls these functions.
 */
export class PrintClient {
  private state!: ClientState;
  private connection: ServerConnection | null = null;
  private readonly sources: PrinterSource[];
  private printerList: Printer[] = [];
  private lastAnnounced = '';
  private saving: Promise<void> = Promise.resolve();
  private printing: Promise<void> = Promise.resolve();
  private readonly inProgress = new Set<string>();
  private readonly statusWaiters = new Set<() => void>();
  private refreshTimer: NodeJS.Timeout | null = null;
  organisation: string | null = null;

  constructor(private readonly options: PrintClientOptions) {
    this.sources = [...(options.cups === false ? [] : [cupsPrinters(options.run)]), ...(options.config.printFolder ? [folderPrinter(options.config.printFolder)] : [])];
  }

  private log(line: string) {
    this.options.log?.(line);
  }

  /** Reads the state and, when paired and not disconnected by the user, connects. */
  async start(): Promise<void> {
    this.state = await loadState(this.options.config.statePath, this.options.config.serverUrl);
    await this.refreshPrinters();
    if (this.state.credential && this.state.connect_at_start) this.openConnection();
    this.refreshTimer = setInterval(() => void this.refreshPrinters(), this.options.printerRefreshMs ?? 30_000);
    this.refreshTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.connection?.stop();
    this.connection = null;
    await this.printing;
    await this.saving;
  }

  snapshot(): ClientState {
    return structuredClone(this.state);
  }

  serverUrl(): string {
    return this.state.server_url;
  }

  connected(): boolean {
    return this.connection?.connected ?? false;
  }

  printerClientId(): string | null {
    return this.state.printer_client_id;
  }

  /** The printers as they are now, with the selected one. */
  async printers(): Promise<PrinterView[]> {
    await this.refreshPrinters();
    return this.views();
  }

  private views(): PrinterView[] {
    return this.printerList.map((p) => ({ ...p, selected: p.name === this.state.selected_printer }));
  }

  async selectPrinter(name: unknown): Promise<PrinterView[]> {
    if (typeof name !== 'string' || name.trim() === '') throw new ClientError(400, printClientTexts.printerNameRequired);
    await this.refreshPrinters();
    if (!this.printerList.some((p) => p.name === name)) throw new ClientError(400, printClientTexts.printerUnknown(name));
    await this.update({ ...this.state, selected_printer: name });
    this.announce();
    return this.views();
  }

  async setServerUrl(value: unknown): Promise<string> {
    const url = normaliseServerUrl(value);
    if (!url) throw new ClientError(400, printClientTexts.urlInvalid);
    if (url === this.state.server_url) return url;
    // A credential belongs to the server that gave it: another server means pairing again.
    this.closeConnection();
    await this.update({ ...unpaired(this.state), server_url: url });
    this.log(`serveradres: ${url}`);
    return url;
  }

  /** Closes the connection and stays offline (also after a restart) until `connect`. */
  async disconnect(): Promise<void> {
    this.closeConnection();
    await this.update({ ...this.state, connect_at_start: false });
  }

  /** Pairs with a code, or without one reconnects with the stored credential. */
  async connect(code: unknown): Promise<{ connected: boolean; printer_client_id: string | null }> {
    if (code !== undefined && code !== null && code !== '') {
      const normalised = normaliseCode(code);
      if (!normalised) throw new ClientError(400, printClientTexts.codeInvalid);
      const claimed = await this.claim(normalised);
      this.closeConnection();
      await this.update({ ...unpaired(this.state), credential: claimed.credential, printer_client_id: claimed.printer_client_id, connect_at_start: true });
      this.log(`gekoppeld als printerclient ${claimed.printer_client_id}`);
    } else {
      if (!this.state.credential) throw new ClientError(400, printClientTexts.notPaired);
      if (!this.state.connect_at_start) await this.update({ ...this.state, connect_at_start: true });
    }
    if (!this.connection) this.openConnection();
    await this.waitForConnection(this.options.connectWaitMs ?? 5000);
    return { connected: this.connected(), printer_client_id: this.state.printer_client_id };
  }

  private async claim(code: string): Promise<{ printer_client_id: string; credential: string }> {
    const url = `${this.state.server_url}/api/printer-client/claim`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ code, name: this.options.machineName ?? os.hostname() }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new ClientError(502, printClientTexts.serverUnreachable(this.state.server_url));
    }
    const body = (await response.json().catch(() => null)) as { data?: { printer_client_id?: unknown; credential?: unknown }; message?: unknown } | null;
    if (!response.ok) {
      const message = typeof body?.message === 'string' && body.message ? body.message : printClientTexts.pairingRefused;
      throw new ClientError(response.status === 429 ? 429 : response.status >= 500 ? 502 : 400, message);
    }
    const id = body?.data?.printer_client_id;
    const credential = body?.data?.credential;
    if (typeof id !== 'string' || typeof credential !== 'string' || !credential) throw new ClientError(502, printClientTexts.serverUnreachable(this.state.server_url));
    return { printer_client_id: id, credential };
  }

  private waitForConnection(ms: number): Promise<void> {
    if (this.connected() || !this.connection) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.statusWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.statusWaiters.add(done);
    });
  }

  private wakeWaiters() {
    for (const waiter of [...this.statusWaiters]) waiter();
  }

  private openConnection() {
    const credential = this.state.credential;
    if (!credential) return;
    this.connection = new ServerConnection({
      serverUrl: this.state.server_url,
      credential,
      backoff: this.options.backoff,
      heartbeatMs: this.options.heartbeatMs,
      events: {
        hello: async (): Promise<ClientMessage> => {
          await this.refreshPrinters(false);
          const { printers, selected } = this.announcement();
          this.lastAnnounced = JSON.stringify({ printers, selected });
          return { type: 'hello', version: '1', name: this.options.machineName ?? os.hostname(), printers, selected };
        },
        welcome: (message) => {
          this.organisation = typeof message.organisation === 'string' ? message.organisation : null;
          if (typeof message.printer_client_id === 'string' && message.printer_client_id !== this.state.printer_client_id) void this.update({ ...this.state, printer_client_id: message.printer_client_id });
          this.log(`verbonden met ${this.state.server_url}${this.organisation ? ` (${this.organisation})` : ''}`);
        },
        job: (message) => this.receive(message),
        revoked: () => {
          this.log('de server weigert de koppeling: de printerclient is ontkoppeld');
          this.connection = null;
          void this.update(unpaired(this.state));
          this.wakeWaiters();
        },
        status: (connected) => {
          if (!connected) this.organisation = null;
          this.wakeWaiters();
        },
      },
    });
    this.connection.start();
  }

  private closeConnection() {
    this.connection?.stop();
    this.connection = null;
    this.wakeWaiters();
  }

  private announcement() {
    return { printers: this.printerList.map(({ name, kind }) => ({ name, kind })), selected: this.state.selected_printer };
  }

  /** Tells the server the printers when they or the selection changed since the last time. */
  private announce() {
    const { printers, selected } = this.announcement();
    const text = JSON.stringify({ printers, selected });
    if (text === this.lastAnnounced) return;
    if (this.connection?.send({ type: 'printers', printers, selected })) this.lastAnnounced = text;
  }

  private async refreshPrinters(announce = true) {
    const lists = await Promise.all(this.sources.map((s) => s.list().catch(() => [])));
    this.printerList = lists.flat();
    if (announce) this.announce();
  }

  /** Keeps the state in memory and writes it, one write after the other. */
  private update(next: ClientState): Promise<void> {
    this.state = next;
    const snapshot = structuredClone(next);
    this.saving = this.saving.then(() => saveState(this.options.config.statePath, snapshot)).catch((error: unknown) => this.log(`status niet opgeslagen: ${String(error)}`));
    return this.saving;
  }

  /**
   * A job from the server. A job it finished before (delivered again after a reconnect)
   * is reported again, never printed again; jobs print one after the other.
   */
  private receive(message: JobMessage) {
    if (typeof message.job_id !== 'string' || !message.job_id) return;
    const finished = this.state.finished_jobs.find((j) => j.job_id === message.job_id);
    if (finished) {
      this.report(finished);
      return;
    }
    if (this.inProgress.has(message.job_id)) return;
    this.inProgress.add(message.job_id);
    this.printing = this.printing.then(async () => {
      const result = await this.print(message);
      await this.update(withFinishedJob(this.state, result));
      this.inProgress.delete(message.job_id);
      this.log(`opdracht ${result.job_id}: ${result.status}${result.message ? ` (${result.message})` : ''}`);
      this.report(result);
    });
  }

  private report(job: FinishedJob) {
    this.connection?.send({ type: 'job-result', job_id: job.job_id, status: job.status, ...(job.message ? { message: job.message } : {}) });
  }

  private async print(message: JobMessage): Promise<FinishedJob> {
    const failed = (text: string): FinishedJob => ({ job_id: message.job_id, status: 'failed', message: text });
    const name = this.state.selected_printer;
    if (!name) return failed(printClientTexts.jobNoPrinter);
    if (typeof message.content_base64 !== 'string' || (message.format !== 'pdf' && message.format !== 'zpl')) return failed(printClientTexts.jobContentInvalid);
    let source = this.sources.find((s) => s.owns(name));
    let printer = this.printerList.find((p) => p.name === name);
    if (!source || !printer) {
      await this.refreshPrinters();
      source = this.sources.find((s) => s.owns(name));
      printer = this.printerList.find((p) => p.name === name);
    }
    if (!source || !printer) return failed(printClientTexts.jobPrinterMissing(name));
    try {
      await source.print(printer, { job_id: message.job_id, format: message.format, content: Buffer.from(message.content_base64, 'base64'), title: typeof message.title === 'string' ? message.title : 'Verzendhuis labels' });
      return { job_id: message.job_id, status: 'printed' };
    } catch (error) {
      return failed(printClientTexts.jobPrintFailed(name, error instanceof Error ? error.message : String(error)));
    }
  }
}
