import type { Printer } from '@verzendhuis/contract/printing';
import { jsonResponse, type FakeApi } from './fake-api';

export interface FakePrintClientState {
  connected: boolean;
  printer_client_id: string | null;
  printers: Printer[];
  url: string | null;
}

/**
 * The local print client's HTTP API (account spec §7) on the same fake as the API (its
 * paths have no /api), with a state the test reads and changes. `connect` with a code
 * pairs as `pairedId`; without one it reconnects a paired client. (apps/print-client is the real one.)
 */
export function fakePrintClient(api: FakeApi, initial: Partial<FakePrintClientState> = {}, { pairedId = '77777777-7777-4777-8777-777777777777' } = {}) {
  const state: FakePrintClientState = {
    connected: false,
    printer_client_id: null,
    printers: [],
    url: window.location.origin,
    ...initial,
  };
  api.on('GET', '/connected', () => ({ connected: state.connected }));
  api.on('GET', '/printerclientid', () => ({ printer_client_id: state.printer_client_id }));
  api.on('GET', '/printers', () => ({ printers: state.printers }));
  api.on('GET', '/serverurl', () => ({ url: state.url }));
  api.on('POST', '/serverurl', (request) => {
    const url = (request.body as { url: string }).url;
    // As the real client: another server forgets the pairing (a credential belongs to the server that gave it).
    if (url !== state.url) Object.assign(state, { url, printer_client_id: null, connected: false });
    return { url };
  });
  api.on('POST', '/setlabelprinter', (request) => {
    const name = (request.body as { name: string }).name;
    if (!state.printers.some((p) => p.name === name)) return jsonResponse(404, { status: 404, message: 'Deze printer bestaat niet.' });
    state.printers = state.printers.map((p) => ({ ...p, selected: p.name === name }));
    return { status: 'success' };
  });
  api.on('POST', '/disconnect', () => {
    state.connected = false;
    return { status: 'success' };
  });
  api.on('POST', '/connect', (request) => {
    const code = (request.body as { code?: string } | undefined)?.code;
    if (code !== undefined) state.printer_client_id = pairedId;
    if (state.printer_client_id === null) return jsonResponse(400, { status: 400, message: 'De printclient is nog niet gekoppeld.' });
    state.connected = true;
    return { status: 'success' };
  });
  return state;
}

export const zebra: Printer = { name: 'Zebra_GK420d', kind: 'zpl', selected: false };
export const folder: Printer = { name: 'Map', kind: 'pdf', selected: false };
