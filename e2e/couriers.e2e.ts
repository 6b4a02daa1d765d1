import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForEachTest } from './support/browser';
import { CourierSettingsPage } from './pages/courier-settings-page';
import { registerNewOrganisation } from './pages/onboarding';

const session = browserForEachTest();

describe('courier settings', () => {
  it('links the platform’s Testvervoerder contract, renames it and deactivates it', async () => {
    const { page } = session;
    // A new organisation, so the counts start from the built-in Testvervoerder alone.
    await registerNewOrganisation(page, `${baseUrl}/settings/services/courier`, { organisation: 'Pakhuis De Koppeling', name: 'Sanne Bakker', email: `koppeling-${randomBytes(4).toString('hex')}@voorbeeld.nl` });

    const couriers = new CourierSettingsPage(page);
    await couriers.open(baseUrl);
    expect(await couriers.rowLabels()).toEqual(['Testvervoerder']);
    await couriers.waitForCounters(1, 0);

    await couriers.linkPlatformContract('Testvervoerder');
    await couriers.row('Testvervoerder via Verzendhuis').waitFor();
    expect(await couriers.contract('Testvervoerder via Verzendhuis')).toBe('Via Verzendhuis');
    expect(await couriers.status('Testvervoerder via Verzendhuis')).toBe('Actief');
    await couriers.waitForCounters(1, 1);

    await couriers.rename('Testvervoerder via Verzendhuis', 'Proefpakketten');
    await couriers.row('Proefpakketten').waitFor();
    expect(await couriers.rowLabels()).toEqual(['Testvervoerder', 'Proefpakketten']);

    // Cancelling the confirmation changes nothing; confirming deactivates.
    await couriers.deactivate('Proefpakketten', false);
    expect(await couriers.status('Proefpakketten')).toBe('Actief');
    const question = await couriers.deactivate('Proefpakketten');
    expect(question).toContain('Weet je zeker dat je Proefpakketten wilt deactiveren?');
    await couriers.waitForStatus('Proefpakketten', 'Gedeactiveerd');
    await couriers.waitForCounters(1, 0);

    // After a reload it is still there, deactivated, and can be activated again.
    await couriers.open(baseUrl);
    expect(await couriers.status('Proefpakketten')).toBe('Gedeactiveerd');
    await couriers.reactivate('Proefpakketten');
    await couriers.waitForStatus('Proefpakketten', 'Actief');
    await couriers.waitForCounters(1, 1);
  });
});
