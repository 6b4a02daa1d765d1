import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { carrierLabelTexts } from '@verzendhuis/domain/carriers-texts';
import { testTrackingNumber, type TestLabelInput } from '../../documents/test-label';
import { testLabelZpl } from '../../documents/test-label-zpl';
import type { CarrierClass } from '../registry';
import { CarrierError, type CarrierAdapter } from '../types';
import { testCourierMeta } from './meta';
import { testCarrierPickupPoints } from './pickup-points';
import { parseTestCarrierWebhook } from './webhook';
import { testCarrierEvents, testCarrierStepTime, testCarrierSteps } from './timeline';

/** What the Testvervoerder is without drawing anything: its metadata and settings (none). */
export const testCarrierClass: CarrierClass = {
  meta: testCourierMeta,
  settingsSchema: z.object({}).strict(),
};

/**
 * The built-in Testvervoerder: no account, no network. It draws its own labels
 * (everything a real label has, with a scannable barcode) so that the whole flow
 * can be tried and tested; `drawLabel` is the process's label drawing (worker threads,
 * documents/label-drawing.ts), given by the carrier registry. Its parcels move along a
 * fixed timeline from the moment their label was made (timeline.ts); its pickup points
 * are made up near the searched address.
 */
export function createTestCarrier(deps: { drawLabel: (input: TestLabelInput) => Promise<Buffer> }): CarrierAdapter {
  return {
    ...testCarrierClass,
    /** No network: the drawing threads are its only limit; more calls at a time than threads keep them busy. */
    labelBudget: { concurrency: 16, perMinute: null },
    /** No public tracking page: its parcels travel only in this app, whose label page shows their history. */
    trackingUrl: () => null,
    async createShipment(request) {
      const shipmentType = testCourierMeta.shipment_types.find((t) => t.id === request.shipmentType)?.name ?? request.shipmentType;
      const first = randomInt(0, 900_000_000);
      return Promise.all(
        request.packages.map(async (pkg, index) => {
          const trackingNumber = testTrackingNumber(first + index);
          const input: TestLabelInput = {
            trackingNumber,
            packageNumber: index + 1,
            packageCount: request.packages.length,
            weightGrams: pkg.weight,
            shipmentTypeName: shipmentType,
            reference: request.reference,
            sender: request.sender,
            receiver: request.receiver,
            isReturn: request.isReturn,
            pickupPoint: request.pickupPoint ?? null,
          };
          const labelPdf = await deps.drawLabel(input);
          // For a ZPL printer it writes the same label as ZPL too: the PDF stays for the label page and sheets.
          return { trackingNumber, trackingUrl: null, labelPdf, ...(request.labelFormat === 'zpl' ? { labelZpl: testLabelZpl(input) } : {}) };
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
    /** Its pushed events, in our own documented format (webhook.ts). */
    parseWebhook(body) {
      return parseTestCarrierWebhook(body);
    },
  };
}
