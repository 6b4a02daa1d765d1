import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { refreshTokens, startLogin } from '@verzendhuis/test-fakes/oidc-login';
import { createOrganisation, labelledOrders, readyOrders, request, requestLabels, type TestOrganisation } from '../test-support/factories';
import { connectPrintClient, pairPrintClient } from '../test-support/print-client';
import { startServerProcess, type ServerProcess } from '../test-support/server-process';
import { waitUntil } from '../test-support/wait';
import { maxFailedLogins } from './auth/login-attempts';
import { connect, ensureDatabase, type DatabaseHandle } from './db/client';
import { freePort } from './db/embedded';
import { accountMails, labels, users } from './db/schema';
import { trackingRefreshQueue } from './tracking/jobs';

/*
 * Two real server processes (as `npm start` runs main.ts) on two ports against ONE
 * PostgreSQL database, as behind a load balancer (docs/scaling.md): both keep the
 * schedules and work every queue. Every organisation, login and job below crosses them.
 */
let database: DatabaseHandle;
let one: ServerProcess;
let two: ServerProcess;
let org: TestOrganisation;

beforeAll(async () => {
  const databaseUrl = await ensureDatabase(inject('adminDatabaseUrl'), `t_${randomBytes(6).toString('hex')}`);
  database = connect(databaseUrl);
  const ports = [await freePort(), await freePort()] as const;
  // One public URL for both, as a load balancer gives: tokens name one issuer and audience.
  const env = { PUBLIC_URL: `http://localhost:${ports[0]}`, LABEL_JOB_THRESHOLD: '3' };
  // Both start at once on an empty database: the start lock lets one migrate, then the other.
  [one, two] = await Promise.all([startServerProcess({ port: ports[0], databaseUrl, env }), startServerProcess({ port: ports[1], databaseUrl, env })]);
  org = await createOrganisation({ url: one.url, database });
}, 120_000);

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await database?.close();
});

/** The organisation's calls through process two. */
const viaTwo = () => ({ ...org, serverUrl: two.url });

describe('two processes on one database', () => {
  it('accepts a token of one on the other, and renews on either with rotation', async () => {
    const login = await startLogin({ baseUrl: one.url });
    // The login form posted to process two continues the interaction that process one began.
    const page = await login.submit({ email: org.email, password: org.password }, two.url);
    expect(page.code).toBeTruthy();
    const tokens = await login.exchange(page.code ?? '');
    expect((await request({ url: two.url }, { path: '/api/user', token: tokens.access_token })).status).toBe(200);

    const renewed = await refreshTokens(two.url, tokens.refresh_token ?? '');
    expect(renewed.status).toBe(200);
    const next = (await renewed.json()) as { access_token: string; refresh_token: string };
    expect((await request({ url: one.url }, { path: '/api/user', token: next.access_token })).status).toBe(200);
    // The used refresh token is refused by the other process too.
    expect((await refreshTokens(one.url, tokens.refresh_token ?? '')).status).toBe(400);
  });

  it('counts failed logins through both processes together: the account is locked on each', async () => {
    const victim = await createOrganisation({ url: one.url, database });
    const login = await startLogin({ baseUrl: one.url });
    for (let n = 0; n < maxFailedLogins; n++) {
      const failed = await login.submit({ email: victim.email, password: `fout-${n}` }, n % 2 ? two.url : one.url);
      expect(failed.status).toBe(401);
    }
    for (const via of [one.url, two.url]) {
      const locked = await login.submit({ email: victim.email, password: victim.password }, via);
      expect(locked.status).toBe(429);
      expect(locked.body).toContain('Te veel inlogpogingen. Probeer het over');
    }
  });

  it('confirms a registration made on one process through the other, which continues the login', async () => {
    const email = `nieuw-${randomBytes(4).toString('hex')}@voorbeeld.nl`;
    const login = await startLogin({ baseUrl: one.url, screen: 'register' });
    const answer = await login.register({ organisation_name: 'Twee Processen BV', name: 'Piet', email, password: 'geheim-123', password_repeat: 'geheim-123' });
    expect(answer.status).toBe(200);
    const [mail] = await database.db.select({ text: accountMails.bodyText }).from(accountMails).where(eq(accountMails.recipient, email));
    const link = new URL(/https?:\/\/\S+\/bevestigen\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0] ?? '');
    // Through process two, as a load balancer may send the click.
    const opened = await login.open(new URL(link.pathname, two.url).toString());
    expect(opened.code).toBeTruthy();
    const tokens = await login.exchange(opened.code ?? '');
    const user = await request({ url: two.url }, { path: '/api/user', token: tokens.access_token });
    expect(user.body.data.organisation.name).toBe('Twee Processen BV');
    expect((await fetch(new URL(link.pathname, one.url))).status).toBe(200);
    expect(await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('works label jobs started on either process once per order', async () => {
    const first = await readyOrders(org, 8);
    const second = await readyOrders(org, 8);
    const started = await Promise.all([requestLabels(org, { order_ids: first }), requestLabels(viaTwo(), { order_ids: second })]);
    const jobIds = started.map((answer) => {
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe('queued');
      return answer.body.job.id as string;
    });
    for (const [index, jobId] of jobIds.entries()) {
      const done = await waitUntil(
        async () => (await request({ url: index ? one.url : two.url }, { path: `/api/label/job/${jobId}`, token: org.token })).body.data,
        (data) => data.status === 'done' || data.status === 'failed',
        { timeoutMs: 60_000, intervalMs: 200, what: `label job ${jobId}` },
      );
      expect(done.status).toBe('done');
    }
    const rows = await database.db
      .select({ orderId: labels.orderId, n: sql<number>`count(*)::int` })
      .from(labels)
      .where(and(inArray(labels.orderId, [...first, ...second]), eq(labels.isActive, true)))
      .groupBy(labels.orderId);
    expect(rows).toHaveLength(16);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });

  it('delivers a print job made through one process to a client connected to the other', async () => {
    const { labelIds } = await labelledOrders(org, 1);
    const paired = await pairPrintClient(org);
    const client = await connectPrintClient({ url: one.url }, paired.credential);
    try {
      await client.next('welcome');
      await waitUntil(
        async () => (await org.api.printing.clients()).data.find((c) => c.id === paired.printerClientId),
        (c) => c?.connected === true,
      );
      const printed = await request({ url: two.url }, { method: 'POST', path: '/api/label/print', token: org.token, body: { label_ids: labelIds, format: 'a6', printer_client_id: paired.printerClientId } });
      expect(printed.status).toBe(200);
      const jobId: string = printed.body.data.print_job_id;
      await client.next('job', (m) => m.job_id === jobId);
    } finally {
      await client.close();
    }
  });

  // pg-boss checks its schedules about every 30 s: the wait may take a minute on a busy machine.
  it('runs the tracking refresh once per minute of its schedule, not once per process', { timeout: 120_000 }, async () => {
    // Both processes keep the schedule; pg-boss lets one of them send each minute's job.
    const perMinute = () =>
      database.pool
        .query<{ minute: string; n: number }>(
          `SELECT date_trunc('minute', created_on) AS minute, count(*)::int AS n FROM (
             SELECT created_on FROM pgboss.job WHERE name = $1 UNION ALL SELECT created_on FROM pgboss.archive WHERE name = $1
           ) jobs GROUP BY 1`,
          [trackingRefreshQueue],
        )
        .then((result) => result.rows);
    const pendingSends = () =>
      database.pool
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = '__pgboss__send-it' AND state IN ('created', 'retry', 'active')`)
        .then((result) => result.rows[0]?.n ?? 0);
    // Each process checked the schedules at its start: the minute's job exists and no send is pending.
    await waitUntil(async () => ({ minutes: await perMinute(), pending: await pendingSends() }), (s) => s.minutes.length > 0 && s.pending === 0, {
      timeoutMs: 100_000,
      intervalMs: 200,
      what: 'the scheduled tracking refresh',
    });
    for (const minute of await perMinute()) expect(minute.n).toBe(1);
  });
});
