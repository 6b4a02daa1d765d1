import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type FakePrintServer, startFakePrintServer } from '@verzendhuis/test-fakes/fake-print-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadState } from './state';
import { startTestPrintClient } from './test-support/client';

/** The print client against the fake print server of @verzendhuis/test-fakes: only localhost traffic. */
let server: FakePrintServer;
let pc: Awaited<ReturnType<typeof startTestPrintClient>>;
const wait = { timeout: 10_000, interval: 20 };

beforeEach(async () => {
  server = await startFakePrintServer({ organisation: 'Bakkerij Jansen' });
  pc = await startTestPrintClient({ serverUrl: server.url });
});
afterEach(async () => {
  await pc.cleanup();
  await server.close();
});

/** Pairs the client as the web page does: a code from the server, handed to the client's `connect`. */
async function pair(): Promise<string> {
  const answer = await pc.call('POST', '/connect', { code: server.issueCode() });
  expect(answer.status).toBe(200);
  const id = answer.body.printer_client_id as string;
  await vi.waitFor(() => expect(server.connected(id)).toBe(true), wait);
  await pc.call('POST', '/setlabelprinter', { name: `Map: ${pc.folder}` });
  await vi.waitFor(() => expect(server.clients.get(id)?.selected).toBe(`Map: ${pc.folder}`), wait);
  return id;
}

const files = async () => (await readdir(pc.folder).catch(() => [])).filter((f) => !f.startsWith('.'));

describe('pairing', () => {
  it('claims with the code and the computer name, keeps the credential, connects and says hello with its printers', async () => {
    const code = server.issueCode();
    const answer = await pc.call('POST', '/connect', { code: code.toLowerCase().replace(/(....)/, '$1-') });
    expect(answer.status).toBe(200);
    const id = answer.body.printer_client_id as string;
    expect(server.claims).toEqual([{ code, name: 'Magazijn-pc', status: 200 }]);
    await vi.waitFor(async () => expect((await pc.call('GET', '/connected')).body).toEqual({ connected: true }), wait);
    expect((await pc.call('GET', '/printerclientid')).body).toEqual({ printer_client_id: id });
    const hello = server.received.find((r) => r.message.type === 'hello');
    expect(hello).toEqual({ printer_client_id: id, message: { type: 'hello', version: '1', name: 'Magazijn-pc', printers: [{ name: `Map: ${pc.folder}`, kind: 'pdf' }], selected: null } });
    const state = await loadState(pc.statePath, 'x');
    expect(state).toMatchObject({ server_url: server.url, credential: server.clients.get(id)?.credential, printer_client_id: id });
  });

  it('answers the server’s Dutch message for a code that is wrong or used, and stays unpaired', async () => {
    const code = server.issueCode();
    expect((await pc.call('POST', '/connect', { code })).status).toBe(200);
    const again = await pc.call('POST', '/connect', { code });
    expect(again).toMatchObject({ status: 400, body: { status: 400, message: 'Deze koppelcode is ongeldig, verlopen of al gebruikt. Vraag een nieuwe code aan.' } });
  });

  it('tells the server of a new selection, and reconnects by itself at the next start', async () => {
    const id = await pair();
    await pc.stop();
    await vi.waitFor(() => expect(server.connected(id)).toBe(false), wait);
    pc = await startTestPrintClient({ serverUrl: server.url, dir: pc.dir });
    await vi.waitFor(() => expect(server.connected(id)).toBe(true), wait);
    expect((await pc.call('GET', '/printers')).body).toEqual({ printers: [{ name: `Map: ${pc.folder}`, kind: 'pdf', selected: true }] });
  });

  it('announces a printer that appears later (read again every printerRefreshMs)', async () => {
    await pc.cleanup();
    let cupsNames = '';
    pc = await startTestPrintClient({ serverUrl: server.url, cups: true, printerRefreshMs: 30, run: async (command) => (command === 'lpstat' ? { code: 0, stdout: cupsNames, stderr: '' } : { code: 1, stdout: '', stderr: '' }) });
    const id = await pair();
    cupsNames = 'Zebra_GK420d\n';
    await vi.waitFor(() => expect(server.clients.get(id)?.printers).toEqual([{ name: 'Zebra_GK420d', kind: 'zpl' }, { name: `Map: ${pc.folder}`, kind: 'pdf' }]), wait);
  });

  it('disconnect closes and stays offline, also after a restart, until connect', async () => {
    const id = await pair();
    expect((await pc.call('POST', '/disconnect')).body).toEqual({ connected: false });
    await vi.waitFor(() => expect(server.connected(id)).toBe(false), wait);
    await pc.stop();
    pc = await startTestPrintClient({ serverUrl: server.url, dir: pc.dir });
    expect((await pc.call('GET', '/connected')).body).toEqual({ connected: false });
    expect(server.connected(id)).toBe(false);
    const connect = await pc.call('POST', '/connect', {});
    expect(connect.status).toBe(200);
    await vi.waitFor(() => expect(server.connected(id)).toBe(true), wait);
  });

  it('a new server url forgets the pairing of the old server', async () => {
    const id = await pair();
    expect((await pc.call('POST', '/serverurl', { url: 'http://127.0.0.1:9/' })).body).toEqual({ url: 'http://127.0.0.1:9' });
    await vi.waitFor(() => expect(server.connected(id)).toBe(false), wait);
    expect((await pc.call('GET', '/printerclientid')).body).toEqual({ printer_client_id: null });
    expect((await loadState(pc.statePath, 'x')).credential).toBeNull();
  });
});

describe('print jobs', () => {
  it('prints a job on the folder printer as exactly one file and reports printed', async () => {
    const id = await pair();
    const jobId = server.sendJob(id, { content: '%PDF-1.7 drie labels' });
    await vi.waitFor(() => expect(server.jobs.get(jobId)?.result).toEqual({ status: 'printed' }), wait);
    const written = await files();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(new RegExp(`^\\d{4}-.*-${jobId}\\.pdf$`));
    expect(await readFile(path.join(pc.folder, written[0]!), 'utf8')).toBe('%PDF-1.7 drie labels');
    expect(await readdir(pc.folder)).toEqual(written); // no temporary file left
  });

  it('reports failed with a Dutch message when no printer is chosen', async () => {
    const code = server.issueCode();
    const id = (await pc.call('POST', '/connect', { code })).body.printer_client_id as string;
    await vi.waitFor(() => expect(server.connected(id)).toBe(true), wait);
    const jobId = server.sendJob(id, { content: '%PDF' });
    await vi.waitFor(() => expect(server.jobs.get(jobId)?.result).toEqual({ status: 'failed', message: expect.stringContaining('geen labelprinter gekozen') }), wait);
    expect(await files()).toEqual([]);
  });

  it('a job sent while the client is offline arrives when it starts again', async () => {
    const id = await pair();
    await pc.stop();
    await vi.waitFor(() => expect(server.connected(id)).toBe(false), wait);
    const jobId = server.sendJob(id, { content: '%PDF offline' });
    expect(server.jobs.get(jobId)?.deliveries).toBe(0);
    pc = await startTestPrintClient({ serverUrl: server.url, dir: pc.dir });
    await vi.waitFor(() => expect(server.jobs.get(jobId)?.result).toEqual({ status: 'printed' }), wait);
    expect(await files()).toHaveLength(1);
  });

  it('reconnects after the server restarts, and prints what it sends then', async () => {
    const id = await pair();
    await server.restart();
    await vi.waitFor(() => expect(server.connected(id)).toBe(true), wait);
    await vi.waitFor(async () => expect((await pc.call('GET', '/connected')).body).toEqual({ connected: true }), wait);
    const jobId = server.sendJob(id, { content: '%PDF na herstart' });
    await vi.waitFor(() => expect(server.jobs.get(jobId)?.result?.status).toBe('printed'), wait);
  });

  it('keeps trying while the server is down, and connects once it is back', async () => {
    const id = await pair();
    await server.stop();
    await vi.waitFor(async () => expect((await pc.call('GET', '/connected')).body).toEqual({ connected: false }), wait);
    await server.start();
    await vi.waitFor(() => expect(server.connected(id)).toBe(true), wait);
  });

  it('a job delivered again (its result lost) is reported again, not printed twice, also after a restart of the client', async () => {
    const id = await pair();
    const jobId = server.sendJob(id, { content: '%PDF één keer' });
    await vi.waitFor(() => expect(server.jobs.get(jobId)?.result?.status).toBe('printed'), wait);
    // The result "got lost": the server delivers the job again after the next connect.
    server.jobs.get(jobId)!.result = null;
    server.dropConnections();
    await vi.waitFor(() => expect(server.jobs.get(jobId)?.deliveries).toBe(2), wait);
    await vi.waitFor(() => expect(server.jobs.get(jobId)?.result?.status).toBe('printed'), wait);
    // And once more after the client itself restarted: its finished jobs are in its state.
    await pc.stop();
    server.jobs.get(jobId)!.result = null;
    pc = await startTestPrintClient({ serverUrl: server.url, dir: pc.dir });
    await vi.waitFor(() => expect(server.jobs.get(jobId)?.deliveries).toBe(3), wait);
    await vi.waitFor(() => expect(server.jobs.get(jobId)?.result?.status).toBe('printed'), wait);
    expect(await files()).toHaveLength(1);
  });

  it('a revoked credential (close 4401) resets the client: unpaired, offline, credential forgotten', async () => {
    const id = await pair();
    server.revoke(id);
    await vi.waitFor(async () => expect((await pc.call('GET', '/printerclientid')).body).toEqual({ printer_client_id: null }), wait);
    expect((await pc.call('GET', '/connected')).body).toEqual({ connected: false });
    await vi.waitFor(async () => expect((await loadState(pc.statePath, 'x')).credential).toBeNull(), wait);
    expect(await pc.call('POST', '/connect', {})).toMatchObject({ status: 400, body: { message: expect.stringContaining('nog niet gekoppeld') } });
    expect(server.refusedUpgrades).toBe(0); // the close code alone stopped it: no attempt with the old credential
    // It pairs again with a new code.
    const again = await pc.call('POST', '/connect', { code: server.issueCode() });
    expect(again.body.printer_client_id).not.toBe(id);
    await vi.waitFor(() => expect(server.connected(again.body.printer_client_id as string)).toBe(true), wait);
  });

  it('a credential refused at the upgrade (401, revoked while offline) resets the client at start', async () => {
    const id = await pair();
    await pc.stop();
    server.revoke(id);
    pc = await startTestPrintClient({ serverUrl: server.url, dir: pc.dir });
    await vi.waitFor(async () => expect((await loadState(pc.statePath, 'x')).credential).toBeNull(), wait);
    expect((await pc.call('GET', '/printerclientid')).body).toEqual({ printer_client_id: null });
    expect(server.connected(id)).toBe(false);
    expect(server.refusedUpgrades).toBe(1);
  });
});
