import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { testLabel } from '../../test-support/fixtures';
import { renderInApp } from '../../test-support/render-app';
import { testCourier } from '../order-form/test-couriers';
import { LabelDetail } from './label-detail';

const postnl = testCourier({ id: '22222222-2222-4222-8222-222222222222', service_class: 'postnl', service_name: 'PostNL', label: 'PostNL eigen contract' });
const testvervoerder = testCourier();
const url = (barcode: string) => `https://jouw.postnl.nl/track-and-trace/${barcode}-NL-3511AB`;

const postnlLabel = testLabel({
  id: '55555555-5555-4555-8555-555555555555',
  orderId: '66666666-6666-4666-8666-666666666666',
  courier_id: postnl.id,
  shipment: {
    tracking_number: '3SDEVC000000001',
    tracking_url: url('3SDEVC000000001'),
    shipment_type: 'standard',
    courier_fields: {},
    packages: ['3SDEVC000000001', '3SDEVC000000002'].map((barcode, i) => ({
      package_number: i + 1, weight: 800, tracking_number: barcode, tracking_url: url(barcode), pickup_url: null, courier_class: 'postnl', courier_id: postnl.id,
    })),
  },
});

describe('the tracking number on the label page', () => {
  it('links to the carrier’s tracking page in a new tab, named for what it does', () => {
    renderInApp(<LabelDetail label={postnlLabel} couriers={[postnl, testvervoerder]} />);
    const shipmentLink = within(screen.getByTestId('label-detail-tracking')).getByRole('link', {
      name: '3SDEVC000000001 volgen bij PostNL (opent in een nieuw tabblad)',
    });
    expect(shipmentLink.getAttribute('href')).toBe(url('3SDEVC000000001'));
    expect(shipmentLink.getAttribute('target')).toBe('_blank');
    expect(shipmentLink.getAttribute('rel')).toContain('noopener');
    // Each package links its own parcel.
    const packages = within(screen.getByTestId('label-detail-packages')).getAllByRole('link');
    expect(packages.map((a) => [a.getAttribute('href'), a.getAttribute('aria-label')])).toEqual([
      [url('3SDEVC000000001'), '3SDEVC000000001 volgen bij PostNL (opent in een nieuw tabblad)'],
      [url('3SDEVC000000002'), '3SDEVC000000002 volgen bij PostNL (opent in een nieuw tabblad)'],
    ]);
  });

  it('is plain text for a carrier without a tracking page (the Testvervoerder)', () => {
    renderInApp(<LabelDetail label={testLabel({ id: '77777777-7777-4777-8777-777777777777', orderId: '88888888-8888-4888-8888-888888888888', courier_id: testvervoerder.id })} couriers={[testvervoerder]} />);
    expect(screen.getByTestId('label-detail-tracking').textContent).toBe('3STEST000001');
    expect(within(screen.getByTestId('label-detail-tracking')).queryByRole('link')).toBeNull();
  });
});
