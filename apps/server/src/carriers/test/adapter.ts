import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { drawTestLabel, testTrackingNumber } from '../../documents/test-label';
import type { CarrierAdapter } from '../types';
import { testCourierMeta } from './meta';

/**
 * The built-in Testvervoerder: no account, no network. It draws its own labels
 * (everything a real label has, with a scannable barcode) so that the whole flow
 * can be tried and tested.
 */
export const testCarrier: CarrierAdapter = {
  meta: testCourierMeta,
  settingsSchema: z.object({}).strict(),
  async createShipment(request) {
    const shipmentType = testCourierMeta.shipment_types.find((t) => t.id === request.shipmentType)?.name ?? request.shipmentType;
    const first = randomInt(0, 900_000_000);
    return Promise.all(
      request.packages.map(async (pkg, index) => {
        const trackingNumber = testTrackingNumber(first + index);
        const labelPdf = await drawTestLabel({
          trackingNumber,
          packageNumber: index + 1,
          packageCount: request.packages.length,
          weightGrams: pkg.weight,
          shipmentTypeName: shipmentType,
          reference: request.reference,
          sender: request.sender,
          receiver: request.receiver,
        });
        return { trackingNumber, trackingUrl: null, labelPdf };
      }),
    );
  },
};
