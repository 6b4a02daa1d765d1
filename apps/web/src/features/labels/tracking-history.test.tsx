import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LabelTracking, TrackingEntry, TrackingLocation } from '@verzendhuis/contract/tracking';
import { fakeApi } from '../../test-support/fake-api';
import { renderInApp } from '../../test-support/render-app';
import { TrackingHistory } from './tracking-history';

const labelId = '55555555-5555-4555-8555-555555555555';
const utrecht: TrackingLocation = { name: 'Testvervoerder Depot Utrecht', address_1: 'Cartesiusweg 90', address_2: null, zipcode: '3534 BD', city: 'Utrecht', country: 'NL', latitude: 52.0991, longitude: 5.0929 };
const entry = (event: string, at: string, extra: Partial<TrackingEntry> = {}): TrackingEntry => ({
  event,
  status: 'shipped',
  occurred_at: at,
  first_seen_at: at,
  last_seen_at: at,
  location: null,
  courier_description: null,
  ...extra,
});
const history = (packages: LabelTracking['packages']): { data: LabelTracking } => ({ data: { label_id: labelId, status: 'shipped', tracking_date: '2025-06-03T10:00:00.000Z', packages } });
const firstPackage = {
  package_number: 1,
  tracking_number: '3STEST000001',
  tracking_url: null,
  tracking: [
    entry('order_created', '2025-06-02T08:00:00.000Z'),
    entry('ready_printed', '2025-06-02T08:05:00.000Z'),
    entry('at_depot', '2025-06-02T19:00:00.000Z', { location: utrecht, courier_description: 'Het pakket is aangekomen bij het bezorgdepot.' }),
  ],
};

function render(answer: { data: LabelTracking }) {
  const api = fakeApi();
  api.on('GET', `/api/label/${labelId}/tracking`, () => answer);
  return renderInApp(<TrackingHistory labelId={labelId} />, { api });
}

describe('TrackingHistory (orders spec §2.7)', () => {
  it('lists the entries in the server’s order with their Dutch status and date, without a package selector for one package', async () => {
    render(history([firstPackage]));
    const titles = await screen.findAllByTestId('tracking-entry-title');
    expect(titles.map((t) => t.textContent)).toEqual(['Bestelling aangemaakt', 'Label aangemaakt en geprint', 'In het sorteercentrum']);
    expect(screen.getAllByTestId('tracking-entry')[2]?.querySelector('time')?.getAttribute('datetime')).toBe('2025-06-02T19:00:00.000Z');
    expect(screen.getAllByTestId('tracking-entry')[2]?.textContent).toMatch(/02-06-2025/);
    expect(screen.getByTestId('tracking-entry-location').textContent).toBe('Testvervoerder Depot Utrecht, Cartesiusweg 90, 3534 BD Utrecht');
    expect(screen.queryByTestId('tracking-package-select')).toBeNull();
  });

  it('switches between packages with the selector', async () => {
    render(history([firstPackage, { package_number: 2, tracking_number: '3STEST000002', tracking_url: null, tracking: [entry('delivered', '2025-06-03T09:00:00.000Z')] }]));
    const select = await screen.findByRole('combobox', { name: 'Pakket' });
    expect(screen.getAllByTestId('tracking-entry')).toHaveLength(3);
    await userEvent.selectOptions(select, '2');
    expect(screen.getAllByTestId('tracking-entry-title').map((t) => t.textContent)).toEqual(['Bezorgd']);
  });

  it('shows the carrier’s words as a tooltip that the keyboard reaches', async () => {
    render(history([firstPackage]));
    const info = await screen.findByRole('button', { name: 'Toelichting van de vervoerder: Het pakket is aangekomen bij het bezorgdepot.' });
    await userEvent.tab();
    while (document.activeElement !== info) await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Het pakket is aangekomen bij het bezorgdepot.');
  });

  it('opens the location in a map dialog, and shows the address card when no tile loads', async () => {
    render(history([firstPackage]));
    await userEvent.click(await screen.findByRole('button', { name: 'Testvervoerder Depot Utrecht op de kaart tonen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Testvervoerder Depot Utrecht' });
    const map = within(dialog).getByRole('region', { name: 'Kaart van Testvervoerder Depot Utrecht' });
    const tile = await waitFor(() => {
      const found = map.querySelector('img.leaflet-tile');
      if (!found) throw new Error('no tile yet');
      return found;
    });
    expect(tile.getAttribute('src')).toMatch(/^http:\/\/tiles\.test\/15\/\d+\/\d+\.png$/);
    // The tile server answers nothing (MAP_TILE_URL pointing nowhere): the address instead.
    fireEvent.error(tile);
    const card = await within(dialog).findByTestId('tracking-address-card');
    expect(card.textContent).toContain('Cartesiusweg 90');
    expect(card.textContent).toContain('3534 BD Utrecht');
    expect(within(dialog).queryByRole('region', { name: 'Kaart van Testvervoerder Depot Utrecht' })).toBeNull();
  });

  it('shows the address card at once for a place without coordinates', async () => {
    render(history([{ ...firstPackage, tracking: [entry('at_depot', '2025-06-02T19:00:00.000Z', { location: { ...utrecht, latitude: null, longitude: null } })] }]));
    await userEvent.click(await screen.findByRole('button', { name: 'Testvervoerder Depot Utrecht op de kaart tonen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('tracking-address-card').textContent).toContain('Testvervoerder Depot Utrecht');
    expect(within(dialog).queryByTestId('location-map')).toBeNull();
  });

  it('offers to try again when the history cannot be loaded', async () => {
    renderInApp(<TrackingHistory labelId={labelId} />);
    expect(await screen.findByText('De trackinggeschiedenis kon niet worden geladen.')).toBeTruthy();
  });
});
