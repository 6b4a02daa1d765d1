import { describe, expect, it } from 'vitest';
import { createLocalPrintClient, isPrintClientReady, LocalPrintClientError, pairedElsewhere, printClientNotFound, reconnectNeeded, sameServer } from './local-print-client';

const answering =
  (answers: Record<string, unknown>, status = 200): typeof fetch =>
  async (input) => {
    const path = new URL(String(input)).pathname.slice(1);
    return new Response(JSON.stringify(answers[path] ?? { status: 404, message: 'Onbekend.' }), { status: path in answers ? status : 404 });
  };

const paired = { found: true, connected: true, printerClientId: 'id-1', printers: [{ name: 'Zebra', kind: 'zpl' as const, selected: true }], serverUrl: 'http://localhost:8080' };

describe('the local print client', () => {
  it('reads its whole state from the four GET calls', async () => {
    const client = createLocalPrintClient({
      baseUrl: 'http://127.0.0.1:41414',
      fetch: answering({ connected: { connected: true }, printerclientid: { printer_client_id: 'id-1' }, printers: { printers: paired.printers }, serverurl: { url: 'http://localhost:8080' } }),
    });
    expect(await client.state()).toEqual(paired);
  });

  it('any failed read, a malformed answer or no answer in time is "not found"', async () => {
    const malformed = createLocalPrintClient({ baseUrl: 'http://127.0.0.1:1', fetch: answering({ connected: { connected: 'ja' }, printerclientid: { printer_client_id: null }, printers: { printers: [] }, serverurl: { url: null } }) });
    expect(await malformed.state()).toEqual(printClientNotFound);
    const silent = createLocalPrintClient({
      baseUrl: 'http://127.0.0.1:1',
      timeoutMs: 10,
      fetch: (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    });
    expect(await silent.state()).toEqual(printClientNotFound);
  });

  it('a refused change fails with the client\'s Dutch message', async () => {
    const client = createLocalPrintClient({ baseUrl: 'http://127.0.0.1:1', fetch: answering({ setlabelprinter: { status: 404, message: 'Deze printer bestaat niet.' } }, 404) });
    await expect(client.setLabelPrinter('X')).rejects.toEqual(new LocalPrintClientError('Deze printer bestaat niet.', 404));
  });

  it('is ready only when found, connected, paired and with a selected printer', () => {
    expect(isPrintClientReady(paired)).toBe(true);
    expect(isPrintClientReady({ ...paired, connected: false })).toBe(false);
    expect(isPrintClientReady({ ...paired, printerClientId: null })).toBe(false);
    expect(isPrintClientReady({ ...paired, printers: [{ ...paired.printers[0]!, selected: false }] })).toBe(false);
    expect(isPrintClientReady(printClientNotFound)).toBe(false);
  });

  it('reconnects a client paired here that is not connected (account spec §7), unless the user disconnected it', () => {
    const app = 'http://localhost:8080';
    expect(reconnectNeeded(paired, app)).toEqual({ setServerUrl: false, connect: false });
    expect(reconnectNeeded({ ...paired, serverUrl: 'http://localhost:8080/' }, app)).toEqual({ setServerUrl: false, connect: false });
    expect(reconnectNeeded({ ...paired, connected: false }, app)).toEqual({ setServerUrl: false, connect: true });
    expect(reconnectNeeded({ ...paired, connected: false }, app, { userDisconnected: true })).toEqual({ setServerUrl: false, connect: false });
    expect(reconnectNeeded(printClientNotFound, app)).toEqual({ setServerUrl: false, connect: false });
  });

  it('points an unpaired client at this app; leaves one paired with another server to "Koppelen"', () => {
    const app = 'http://localhost:8080';
    expect(reconnectNeeded({ ...paired, printerClientId: null, connected: false, serverUrl: null }, app)).toEqual({ setServerUrl: true, connect: false });
    expect(reconnectNeeded({ ...paired, printerClientId: null, connected: false }, app)).toEqual({ setServerUrl: false, connect: false });
    expect(reconnectNeeded({ ...paired, serverUrl: 'https://app.verzendhuis.nl' }, app)).toEqual({ setServerUrl: false, connect: false });
    expect(pairedElsewhere({ ...paired, serverUrl: 'https://app.verzendhuis.nl' }, app)).toBe(true);
    expect(pairedElsewhere(paired, app)).toBe(false);
    expect(sameServer('geen url', app)).toBe(false);
  });
});
