import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pairingCodeAlphabet, printingErrorMessages } from '@verzendhuis/domain/printing-texts';
import { labelledOrders, request, type TestOrganisation } from '../../test-support/factories';
import { connectPrintClient, pairPrintClient, testPrinters } from '../../test-support/print-client';
import { testServerForFile } from '../../test-support/server';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process';
import { waitUntil } from '../../test-support/wait';
import { freePort } from '../db/embedded';

const { server, first, second } = testServerForFile();

const claim = (body: unknown) => request(server, { method: 'POST', path: '/api/printer-client/claim', body });
const print = (org: TestOrganisation, body: unknown, query: Record<string, string> = {}) =>
  request(server, { method: 'POST', path: '/api/label/print', token: org.token, body, query });
const clientOf = async (org: TestOrganisation, id: string) => (await org.api.printing.clients()).data.find((c) => c.id === id);
const labelStatuses = async (org: TestOrganisation, ids: string[]) => Promise.all(ids.map(async (id) => (await org.api.labels.get(id)).data.status));

describe('pairing', () => {
  it('gives an 8-character one-time code that the client claims for a credential', async () => {
    const { data } = await first.api.printing.pair();
    expect(data.code).toMatch(new RegExp(`^[${pairingCodeAlphabet}]{8}$`));
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);

    const claimed = await claim({ code: data.code.toLowerCase(), name: 'Magazijn' });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.credential).toMatch(/^[\w-]{40,}$/);
    const listed = await clientOf(first, claimed.body.data.printer_client_id);
    expect(listed).toMatchObject({ name: 'Magazijn', connected: false, last_seen_at: null, printers: [] });

    const again = await claim({ code: data.code, name: 'Nog een' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message_code: 'pairing_code_invalid', message: printingErrorMessages.pairing_code_invalid });
  });

  it('refuses a wrong and an expired code with a Dutch message', async () => {
    const wrong = await claim({ code: 'ABCDEFGH' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(printingErrorMessages.pairing_code_invalid);

    const { data } = await first.api.printing.pair();
    // Time passing, which the API cannot make: the code's ten minutes are over.
    await server.database.db.execute(sql`UPDATE printer_pairing_codes SET expires_at = now() - interval '1 second' WHERE expires_at = ${data.expires_at}::timestamptz`);
    const expired = await claim({ code: data.code });
    expect(expired.status).toBe(400);
    expect(expired.body.message_code).toBe('pairing_code_invalid');
  });

  it('pairs with the organisation that asked for the code only', async () => {
    const paired = await pairPrintClient(first);
    expect(await clientOf(first, paired.printerClientId)).toBeDefined();
    expect((await second.api.printing.clients()).data.map((c) => c.id)).not.toContain(paired.printerClientId);
    const rename = await request(server, { method: 'PATCH', path: `/api/printer-client/${paired.printerClientId}`, token: second.token, body: { name: 'Van ons' } });
    expect(rename.status).toBe(404);
    const unpair = await request(server, { method: 'DELETE', path: `/api/printer-client/${paired.printerClientId}`, token: second.token });
    expect(unpair.status).toBe(404);
    expect((await clientOf(first, paired.printerClientId))?.name).toBe('Inpaktafel');

    const renamed = await first.api.printing.rename(paired.printerClientId, { name: 'Balie' });
    expect(renamed.data.name).toBe('Balie');
  });
});

describe('the websocket', () => {
  it('stores the printers of hello and shows the client connected until it closes', async () => {
    const paired = await pairPrintClient(first);
    const client = await connectPrintClient(server, paired.credential);
    const welcome = await client.next('welcome');
    expect(welcome.printer_client_id).toBe(paired.printerClientId);
    const listed = await waitUntil(() => clientOf(first, paired.printerClientId), (c) => c?.connected === true);
    expect(listed?.printers).toEqual([
      { ...testPrinters[0], selected: false },
      { ...testPrinters[1], selected: true },
    ]);
    expect(listed?.last_seen_at).not.toBeNull();

    client.send({ type: 'printers', printers: [testPrinters[0]], selected: 'Zebra_GK420d' });
    await waitUntil(() => clientOf(first, paired.printerClientId), (c) => c?.printers.length === 1);
    expect((await clientOf(first, paired.printerClientId))?.printers).toEqual([{ ...testPrinters[0], selected: true }]);

    await client.close();
    await waitUntil(() => clientOf(first, paired.printerClientId), (c) => c?.connected === false);
  });

  it('refuses a wrong credential, and one revoked by unpairing (closing its open socket)', async () => {
    await expect(connectPrintClient(server, 'niet-de-sleutel')).rejects.toMatchObject({ status: 401 });

    const paired = await pairPrintClient(first);
    const client = await connectPrintClient(server, paired.credential);
    await client.next('welcome');
    await first.api.printing.unpair(paired.printerClientId);
    expect(await client.closed).toBe(4401);
    await expect(connectPrintClient(server, paired.credential)).rejects.toMatchObject({ status: 401 });
    expect(await clientOf(first, paired.printerClientId)).toBeUndefined();
  });
});

describe('label/print', () => {
  it('sends a connected client the PDF label/pdf gives, and marks the labels printed when it reports so', async () => {
    const { labelIds } = await labelledOrders(first, 3);
    const paired = await pairPrintClient(first);
    const client = await connectPrintClient(server, paired.credential);
    await client.next('welcome');
    await waitUntil(() => clientOf(first, paired.printerClientId), (c) => c?.connected === true);

    const body = { label_ids: labelIds, format: 'a4', positions: 2 };
    const printed = await print(first, { ...body, printer_client_id: paired.printerClientId }, { sort: 'created_at' });
    expect(printed.status).toBe(200);
    expect(printed.body.data.status).toBe('sent');
    const jobId: string = printed.body.data.print_job_id;
    const job = await client.next('job', (m) => m.job_id === jobId);
    expect(job).toMatchObject({ format: 'pdf', title: 'Verzendhuis labels' });
    expect((await first.api.printing.job(jobId)).data.status).toBe('sent');
    expect(await labelStatuses(first, labelIds)).toEqual(['ready', 'ready', 'ready']);

    client.send({ type: 'job-result', job_id: jobId, status: 'printed' });
    const done = await waitUntil(() => first.api.printing.job(jobId), (j) => j.data.status !== 'sent');
    expect(done.data).toMatchObject({ status: 'printed', message: null, printer_client_id: paired.printerClientId });
    expect(done.data.finished_at).not.toBeNull();
    expect([...done.data.label_ids].sort()).toEqual([...labelIds].sort());
    expect(await labelStatuses(first, labelIds)).toEqual(['printed', 'printed', 'printed']);

    const pdf = await request(server, { method: 'POST', path: '/api/label/pdf', token: first.token, body, query: { sort: 'created_at' } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(job.content_base64, 'base64').equals(pdf.body as Buffer)).toBe(true);
    await client.close();
  });

  it('queues a job for an offline client and delivers it when the client connects; a failure is reported', async () => {
    const { labelIds } = await labelledOrders(first, 1);
    const paired = await pairPrintClient(first);
    const printed = await print(first, { label_ids: labelIds, format: 'a6', printer_client_id: paired.printerClientId });
    expect(printed.body.data.status).toBe('queued');
    const jobId: string = printed.body.data.print_job_id;
    expect((await first.api.printing.job(jobId)).data.status).toBe('queued');

    const client = await connectPrintClient(server, paired.credential);
    await client.next('job', (m) => m.job_id === jobId);
    // Not reported: a reconnect delivers it again.
    await client.close();
    const again = await connectPrintClient(server, paired.credential);
    await again.next('job', (m) => m.job_id === jobId);
    again.send({ type: 'job-result', job_id: jobId, status: 'failed', message: 'Papier op' });
    const done = await waitUntil(() => first.api.printing.job(jobId), (j) => j.data.status === 'failed');
    expect(done.data.message).toBe('Papier op');
    expect(await labelStatuses(first, labelIds)).toEqual(['ready']);
    await again.close();
  });

  it('neither sends nor shows a job across organisations', async () => {
    const { labelIds: ours } = await labelledOrders(first, 1);
    const { labelIds: theirs } = await labelledOrders(second, 1);
    const our = await pairPrintClient(first);
    const their = await pairPrintClient(second);
    const ourClient = await connectPrintClient(server, our.credential);
    const theirClient = await connectPrintClient(server, their.credential);
    await ourClient.next('welcome');
    await theirClient.next('welcome');

    // Our labels to their client, their labels to our client: refused.
    expect((await print(second, { label_ids: ours, format: 'a6', printer_client_id: their.printerClientId })).status).toBe(404);
    const toOurs = await print(second, { label_ids: theirs, format: 'a6', printer_client_id: our.printerClientId });
    expect(toOurs.status).toBe(404);
    expect(toOurs.body.message_code).toBe('printer_client_not_found');

    const theirJob = await print(second, { label_ids: theirs, format: 'a6', printer_client_id: their.printerClientId });
    const theirJobId: string = theirJob.body.data.print_job_id;
    await theirClient.next('job', (m) => m.job_id === theirJobId);
    expect((await request(server, { path: `/api/print-job/${theirJobId}`, token: first.token })).status).toBe(404);

    // Our client reports their job printed, then changes its printers (handled in order after it).
    ourClient.send({ type: 'job-result', job_id: theirJobId, status: 'printed' });
    ourClient.send({ type: 'printers', printers: [testPrinters[0]], selected: null });
    await waitUntil(() => clientOf(first, our.printerClientId), (c) => c?.printers.length === 1);
    expect((await second.api.printing.job(theirJobId)).data.status).toBe('sent');
    expect(await labelStatuses(second, theirs)).toEqual(['ready']);

    const ourJob = await print(first, { label_ids: ours, format: 'a6', printer_client_id: our.printerClientId });
    await ourClient.next('job', (m) => m.job_id === ourJob.body.data.print_job_id);
    expect(ourClient.received.filter((m) => m.type === 'job').map((m) => (m.type === 'job' ? m.job_id : ''))).toEqual([ourJob.body.data.print_job_id]);
    expect(theirClient.received.filter((m) => m.type === 'job')).toHaveLength(1);
    await ourClient.close();
    await theirClient.close();
  });
});

describe('two server processes on one database', () => {
  let other: ServerProcess | undefined;
  afterAll(async () => {
    await other?.stop();
  });

  it('delivers a job stored by one process to a client connected to the other', async () => {
    other = await startServerProcess({ port: await freePort(), databaseUrl: server.database.url });
    const { labelIds } = await labelledOrders(first, 1);
    const paired = await pairPrintClient(first);
    const client = await connectPrintClient({ url: other.url }, paired.credential);
    await client.next('welcome');
    await waitUntil(() => clientOf(first, paired.printerClientId), (c) => c?.connected === true);

    const printed = await print(first, { label_ids: labelIds, format: 'a6', printer_client_id: paired.printerClientId });
    expect(printed.body.data.status).toBe('sent');
    const jobId: string = printed.body.data.print_job_id;
    await client.next('job', (m) => m.job_id === jobId);
    client.send({ type: 'job-result', job_id: jobId, status: 'printed' });
    await waitUntil(() => first.api.printing.job(jobId), (j) => j.data.status === 'printed');
    expect(await labelStatuses(first, labelIds)).toEqual(['printed']);

    // Unpairing on this process closes the socket held by the other.
    await first.api.printing.unpair(paired.printerClientId);
    expect(await client.closed).toBe(4401);
  });
});
