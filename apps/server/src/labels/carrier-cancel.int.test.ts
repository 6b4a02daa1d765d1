import { describe, expect, it } from 'vitest';
import { startFakeGls } from '@verzendhuis/test-fakes/fake-gls';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { labelUpdateErrorTexts } from '@verzendhuis/domain/label-screens-texts';
import { carrierLabelTexts } from '@verzendhuis/domain/carriers-texts';
import { labelFor, linkFakeCarrier, orderInput, request, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';

const gls = startForFile(() => startFakeGls({ subscriptionKey: 'gls-sleutel', username: 'gls-gebruiker', password: 'gls-wachtwoord' }));
const postnl = startForFile(() => startFakePostnl({ apikey: 'postnl-sleutel' }));
const { server, first: org, second } = testServerForFile({ config: { carrierTimeoutMs: 1500 } });

let number = 0;
/** A label of `courierId` for a new order; its id and its parcel's tracking number. */
async function labelOf(who: TestOrganisation, courierId: string, shipmentType: string): Promise<{ labelId: string; orderId: string; tracking: string }> {
  number += 1;
  const created = await who.api.orders.create(orderInput({ order_number: `ANN-${number}`, courier_id: courierId, shipment_type: shipmentType, shipment: { packages: [{ weight: 1200 }], courier_fields: {} } }));
  const orderId = created.data.id;
  const labelId = await labelFor(who, orderId);
  const row = await server.database.pool.query<{ tracking_number: string }>('SELECT tracking_number FROM label_packages WHERE label_id = $1', [labelId]);
  return { labelId, orderId, tracking: row.rows[0]!.tracking_number };
}

const deleteLabel = (who: TestOrganisation, labelId: string) => request(server, { method: 'POST', path: `/api/label/${labelId}`, token: who.token, body: { is_active: false } });
const glsDeletes = (unitNo: string) => gls.requests.filter((r) => r.path.endsWith('/Label/Delete') && r.body.unitNo === unitNo).length;
const isActive = async (labelId: string) => (await server.database.pool.query<{ is_active: boolean }>('SELECT is_active FROM labels WHERE id = $1', [labelId])).rows[0]?.is_active;

describe('deleting a label cancels it at its carrier', () => {
  let glsCourier: string;
  let postnlCourier: string;

  it('asks GLS to delete the label first; another organisation can neither delete nor cancel it', async () => {
    glsCourier = await linkFakeCarrier(org, 'gls', `${gls.url}/V1/api`);
    const { labelId, orderId, tracking } = await labelOf(org, glsCourier, 'parcel');

    const foreign = await deleteLabel(second, labelId);
    expect(foreign.status).toBe(404);
    const foreignBulk = await request(server, { method: 'POST', path: '/api/label/updatebulklabels', token: second.token, body: { label_ids: [labelId], action: 'deactivate' } });
    expect(foreignBulk.body.data).toEqual({ affected: 0 });
    expect(glsDeletes(tracking)).toBe(0);
    expect(await isActive(labelId)).toBe(true);

    const deleted = await deleteLabel(org, labelId);
    expect(deleted.status).toBe(200);
    expect(deleted.body.notice).toBeUndefined();
    expect(deleted.body.data).toMatchObject({ id: labelId, is_active: false });
    expect(gls.deleted.has(tracking)).toBe(true);
    expect(glsDeletes(tracking)).toBe(1);
    // The order is back in Bestellingen, as after any delete.
    expect((await org.api.orders.get(orderId)).data.status).toBe('ready');
  });

  it('keeps the label when GLS refuses (already scanned), with GLS reason in Dutch; the bulk delete deletes the rest', async () => {
    const scanned = await labelOf(org, glsCourier, 'parcel');
    gls.scan(scanned.tracking);
    const refused = await deleteLabel(org, scanned.labelId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message_code: 'label_cancel_refused', message: labelUpdateErrorTexts.cancelRefused(carrierLabelTexts.glsAlreadyCancelled) });
    expect(await isActive(scanned.labelId)).toBe(true);
    expect((await org.api.orders.get(scanned.orderId)).data.status).not.toBe('ready');

    const other = await labelOf(org, glsCourier, 'parcel');
    const bulk = await request(server, { method: 'POST', path: '/api/label/updatebulklabels', token: org.token, body: { label_ids: [scanned.labelId, other.labelId], action: 'deactivate' } });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data).toEqual({ affected: 1, errors: [{ label_id: scanned.labelId, message: labelUpdateErrorTexts.cancelRefused(carrierLabelTexts.glsAlreadyCancelled) }] });
    expect(await isActive(scanned.labelId)).toBe(true);
    expect(await isActive(other.labelId)).toBe(false);
    expect(gls.deleted.has(other.tracking)).toBe(true);
  });

  it('never asks the carrier twice: a delete retried after the carrier accepted goes straight on', async () => {
    const { labelId, tracking } = await labelOf(org, glsCourier, 'parcel');
    // A first delete whose carrier call went through but whose own write did not (a crash in between).
    await server.database.pool.query('UPDATE labels SET carrier_canceled_at = now() WHERE id = $1', [labelId]);
    const retried = await deleteLabel(org, labelId);
    expect(retried.status).toBe(200);
    expect(glsDeletes(tracking)).toBe(0);
    expect(await isActive(labelId)).toBe(false);
  });

  it('asks the carrier once when two deletes of one label come at the same moment', async () => {
    const { labelId, tracking } = await labelOf(org, glsCourier, 'parcel');
    const answers = await Promise.all([deleteLabel(org, labelId), deleteLabel(org, labelId)]);
    // The first deletes it; the second waits for the first's cancel, then finds the label gone.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(glsDeletes(tracking)).toBe(1);
    expect(await isActive(labelId)).toBe(false);
  });

  it('cancels a label of a carrier without a cancel call with us only and says the carrier was not informed', async () => {
    postnlCourier = await linkFakeCarrier(org, 'postnl', postnl.url);
    const { labelId } = await labelOf(org, postnlCourier, 'standard');
    const deleted = await deleteLabel(org, labelId);
    expect(deleted.status).toBe(200);
    expect(deleted.body.notice).toBe(labelUpdateErrorTexts.carrierNotInformed('PostNL'));
    expect(await isActive(labelId)).toBe(false);

    const two = [await labelOf(org, postnlCourier, 'standard'), await labelOf(org, glsCourier, 'parcel')];
    const bulk = await request(server, { method: 'POST', path: '/api/label/updatebulklabels', token: org.token, body: { label_ids: two.map((l) => l.labelId), action: 'deactivate' } });
    expect(bulk.body.data).toEqual({ affected: 2, notice: labelUpdateErrorTexts.carriersNotInformed(1) });
  });
});
