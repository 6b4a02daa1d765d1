import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { labelledOrders, request } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { labels, trackingEvents } from '../db/schema';

// No SMTP_URL: every mail stays in the outbox.
const { server, first, second } = testServerForFile({ config: { testCarrierTimeScale: 1, smtpUrl: null } });

// Raw SQL only for time passing (a label made hours ago).
async function ageBy(labelId: string, hours: number) {
  const shift = (column: unknown) => sql`${column} - make_interval(secs => ${hours * 3600})`;
  await server.database.db.update(labels).set({ createdAt: shift(labels.createdAt), trackingDate: shift(labels.trackingDate) }).where(eq(labels.id, labelId));
  await server.database.db.update(trackingEvents).set({ occurredAt: shift(trackingEvents.occurredAt) }).where(eq(trackingEvents.labelId, labelId));
}

describe('tracking e-mails without SMTP_URL', () => {
  it('keeps the due mail in the outbox, shown to its organisation only', async () => {
    const settings = await request(server, { method: 'PATCH', path: '/api/tracking', token: first.token, body: { mails: { shipped: { enabled: true } } } });
    expect(settings.body.data.smtp_configured).toBe(false);
    const { labelIds: [id] } = await labelledOrders(first, 1, { email: 'outbox@klant.test' });
    if (!id) throw new Error('no label');
    await ageBy(id, 3);
    await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [id] } });

    const outbox = await request(server, { method: 'GET', path: '/api/trackingmail/', token: first.token });
    expect(outbox.body.data).toEqual([expect.objectContaining({ label_id: id, mail_status: 'shipped', state: 'outbox', recipient: 'outbox@klant.test', is_test: false })]);
    const label = await request(server, { method: 'GET', path: `/api/label/${id}`, token: first.token });
    expect(label.body.data.shipment.tracking_mails).toEqual([expect.objectContaining({ state: 'outbox' })]);

    const theirs = await request(server, { method: 'GET', path: '/api/trackingmail/', token: second.token });
    expect(theirs.body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await request(server, { method: 'GET', path: `/api/label/${id}`, token: second.token })).status).toBe(404);
  });

  it('puts a test mail in the outbox of the organisation that sent it', async () => {
    const answer = await request(server, { method: 'POST', path: '/api/trackingmail/sendtest', token: second.token, body: { email: 'test@winkel.test', status: 'delivered' } });
    expect(answer.body.data.state).toBe('outbox');
    const theirs = await request(server, { method: 'GET', path: '/api/trackingmail/', token: second.token });
    expect(theirs.body.data).toEqual([expect.objectContaining({ is_test: true, label_id: null, state: 'outbox', recipient: 'test@winkel.test' })]);
    const mine = await request(server, { method: 'GET', path: '/api/trackingmail/', token: first.token });
    expect(mine.body.data.some((m: { is_test: boolean }) => m.is_test)).toBe(false);
  });
});
