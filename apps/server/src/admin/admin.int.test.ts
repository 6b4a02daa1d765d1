import { describe, expect, it } from 'vitest';
import { labelledOrders, labelsFor, readyOrders } from '../../test-support/factories';
import { runAdmin } from '../../test-support/admin';
import { testServerForFile } from '../../test-support/server';
import { amsterdamDate, billingPeriodOf } from '@verzendhuis/domain/invoices';
import { invoiceItems } from '../db/schema';

const { server, first, second } = testServerForFile();


const admin = (...args: string[]) => runAdmin(server.database.url, ...args);

describe('npm run admin', () => {
  it('ticket-reply stores support’s reply beside the running app; the envelope query finds it', async () => {
    const { labelIds: [labelId] } = await labelledOrders(first, 1);
    await server.database.db.insert(invoiceItems).values({ organisationId: first.organisationId, labelId: labelId ?? '', type: 'label_price', parts: [], totalCents: 595 });
    const created = await first.api.tickets.create({
      label_id: labelId ?? '',
      email: 'klant@example.nl',
      phone: '0612345678',
      subject: 'Bewijs van levering',
      message: 'Graag een bewijs van levering.',
      internal_properties: 'Boeken',
      external_properties: 'Doos',
      attachments: [{ filename: 'factuur.pdf', base_64: Buffer.from('%PDF-1.4\n').toString('base64') }],
    });
    expect((await first.api.tickets.list({ status: 'open', is_replied: 'true' })).meta.total).toBe(0);

    const result = await admin('ticket-reply', created.data.id, 'Hier is het bewijs: getekend door J. Jansen.');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(created.data.id);

    const unanswered = await first.api.tickets.list({ status: 'open', is_replied: 'true' });
    expect(unanswered.data.map((t) => t.id)).toEqual([created.data.id]);
    const detail = await first.api.tickets.get(created.data.id);
    expect(detail.data.messages.at(-1)).toMatchObject({ author: 'support', message: 'Hier is het bewijs: getekend door J. Jansen.' });
    expect((await second.api.tickets.list()).meta.total).toBe(0);
  });

  it('fails on an unknown ticket, an empty text and an unknown command; help lists the commands', async () => {
    const unknown = await admin('ticket-reply', '00000000-0000-4000-8000-000000000000', 'Hallo');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no such ticket');
    const empty = await admin('ticket-reply', '00000000-0000-4000-8000-000000000000');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('usage');
    const wrong = await admin('frobnicate');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('unknown command: frobnicate');
    const help = await admin('help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('ticket-reply <ticketId> "text"');
  });

  it('surcharge adds a Naheffing to a label of any organisation; invoices --until closes the period beside the running app', async () => {
    const courierId = (await first.api.couriers.create({ courier_class: 'test', fields: { contract: 'platform' } })).data.id;
    const [labelId = ''] = await labelsFor(first, await readyOrders(first, 1, { courier_id: courierId }));
    const surcharge = await admin('surcharge', labelId, '1,50', 'te laag opgegeven gewicht');
    expect(surcharge.code).toBe(0);
    expect(surcharge.stdout).toContain(`surcharge of EUR 1.50 added to label ${labelId} of organisation ${first.organisationId}`);

    const until = billingPeriodOf(amsterdamDate(new Date())).end;
    const closed = await admin('invoices', '--until', until);
    expect(closed.code).toBe(0);
    const list = await first.api.invoices.list();
    const mine = list.data.find((i) => i.period.end === until);
    expect(mine).toBeDefined();
    expect(closed.stdout).toContain(`${mine?.number}  organisation ${first.organisationId}`);
    // The ticket test's item (5.95), the label price (4.95) and the Naheffing (1.50): 12.40 + 21% = 15.00.
    expect(mine).toMatchObject({ subtotal: '12.40', vat: '2.60', total: '15.00' });
    const lines = await first.api.invoices.labels(mine?.id ?? '');
    expect(lines.data.find((l) => l.label?.id === labelId)?.items.map((i) => [i.type, i.total, i.parts[0]?.description])).toEqual([
      ['label_price', '4.95', 'Testvervoerder Pakket Nederland tot 2 kg'],
      ['surcharge', '1.50', 'Te laag opgegeven gewicht'],
    ]);
    expect((await second.api.invoices.list()).meta.total).toBe(0);

    const again = await admin('invoices', '--until', until);
    expect(again.stdout).toContain(`no periods to close until ${until}`);
    expect((await first.api.invoices.list()).meta.total).toBe(list.meta.total);
  });

  it('invoices and surcharge refuse bad arguments', async () => {
    expect((await admin('invoices', '--until', '2026-02-30')).stderr).toContain('usage: npm run admin -- invoices --until YYYY-MM-DD');
    expect((await admin('invoices')).code).toBe(1);
    expect((await admin('surcharge', '00000000-0000-4000-8000-000000000000', 'veel', 'reden')).stderr).toContain('usage');
    const unknown = await admin('surcharge', '00000000-0000-4000-8000-000000000000', '2.00', 'reden');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no such label');
  });
});
