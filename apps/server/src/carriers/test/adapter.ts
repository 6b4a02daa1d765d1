import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { carrierLabelTexts } from '@verzendhuis/domain/carriers-texts';
import { drawTestLabelOffThread } from '../../documents/label-drawing';
import { testTrackingNumber } from '../../documents/test-label';
import { CarrierError, type CarrierAdapter } from '../types';
import { testCourierMeta } from './meta';
import { testCarrierPickupPoints } from './pickup-points';
import { testCarrierEvents, testCarrierStepTime, testCarrierSteps } from './timeline';

/**
 * The built-in Testvervoerder: no account, no network. It draws its own labels
 * (everything a real label has, with a scannable barcode) so that the whole flow
 * can be tried and tested. Its parcels move along a fixed timeline from the moment their
 * label was made (timeline.ts); its pickup points are made up near the searched address.
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
        const labelPdf = await drawTestLabelOffThread({
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
  async track(request, context) {
    return testCarrierEvents(request, context);
  },
  /** A parcel can be withdrawn until the Testvervoerder picks it up. */
  async cancel(request, context) {
    for (const trackingNumber of request.trackingNumbers) {
      const pickedUp = testCarrierSteps({ trackingNumber, zipcode: '', country: 'NL' })[0];
      if (pickedUp && testCarrierStepTime(request.labelCreatedAt, pickedUp.hours, context.timeScale) <= context.now) {
        throw new CarrierError('refused', carrierLabelTexts.testAlreadyPickedUp);
      }
    }
  },
  async pickupPoints(query) {
    return testCarrierPickupPoints(query);
  },
};
