import { createHash } from 'node:crypto';
import { billingTexts } from '@verzendhuis/domain/billing-texts';
import { carrierOrderFieldTexts, shipmentTypeNames } from '@verzendhuis/domain/carriers-texts';
import type { PriceRow, PriceZone } from './pricing';

/**
 * The price table of proxy labels (reference data, written to label_prices at every
 * start, like the plans). Euros excluding VAT, 2026. Weight brackets end at 31.5 kg, the
 * maximum shipment weight; a class, type, zone or option without a row has no price and
 * its labels are refused (unknown_pricing_option). Options are the order-field names of
 * carriers/<class>/meta.ts: `name` charges when the field is on, `name=value` for one value.
 */
interface ZonePrices {
  zone: PriceZone;
  /** [up to kg, euros] */
  brackets: [number, number][];
  /** [option, description, euros] */
  surcharges?: [string, string, number][];
}

interface TypePrices {
  courierClass: string;
  carrierName: string;
  shipmentType: string;
  typeName: string;
  zones: ZonePrices[];
}

const zoneNames: Record<PriceZone, string> = billingTexts.zoneNames;

const insurance = (amounts: [number, number][]): [string, string, number][] =>
  amounts.map(([amount, euros]) => [`insurance=${amount}`, billingTexts.insuranceUpTo(amount), euros]);

const signature = (euros: number): [string, string, number] => ['signature', carrierOrderFieldTexts.signature, euros];
const noNeighbours = (euros: number): [string, string, number] => ['no_neighbours', carrierOrderFieldTexts.noNeighbours, euros];
const saturday = (euros: number): [string, string, number] => ['saturday', carrierOrderFieldTexts.saturday, euros];

const table: TypePrices[] = [
  {
    courierClass: 'test',
    carrierName: 'Testvervoerder',
    shipmentType: 'parcel',
    typeName: shipmentTypeNames.parcel,
    zones: [
      { zone: 'NL', brackets: [[2, 4.95], [10, 6.95], [23, 11.95], [31.5, 15.95]], surcharges: [signature(0.3), noNeighbours(0.25), ...insurance([[500, 1.5], [1000, 2.5], [5000, 12]])] },
      { zone: 'EU', brackets: [[2, 9.95], [10, 14.95], [31.5, 29.95]], surcharges: [signature(1), ...insurance([[500, 3.5], [1000, 5.5], [5000, 22.5]])] },
      { zone: 'WORLD', brackets: [[2, 19.95], [10, 39.95], [31.5, 79.95]], surcharges: [...insurance([[500, 6], [1000, 9.5]])] },
    ],
  },
  { courierClass: 'test', carrierName: 'Testvervoerder', shipmentType: 'letterbox', typeName: shipmentTypeNames.letterbox, zones: [{ zone: 'NL', brackets: [[2, 3.45]] }] },
  {
    courierClass: 'postnl',
    carrierName: 'PostNL',
    shipmentType: 'standard',
    typeName: shipmentTypeNames.parcel,
    zones: [
      { zone: 'NL', brackets: [[2, 5.65], [5, 6.25], [10, 6.95], [23, 12.95], [31.5, 17.95]], surcharges: [signature(0.35), noNeighbours(0.3), ...insurance([[500, 1.95], [5000, 15]])] },
      { zone: 'EU', brackets: [[2, 12.5], [5, 15.95], [10, 21.5], [23, 31.95], [31.5, 42.5]], surcharges: [signature(1.25), ...insurance([[500, 4.5]])] },
      { zone: 'WORLD', brackets: [[2, 24.95], [5, 39.95], [10, 64.95], [23, 99], [31.5, 129]], surcharges: [...insurance([[500, 7.5]])] },
    ],
  },
  { courierClass: 'postnl', carrierName: 'PostNL', shipmentType: 'letterbox', typeName: shipmentTypeNames.letterbox, zones: [{ zone: 'NL', brackets: [[2, 3.95]] }] },
  {
    courierClass: 'dhl',
    carrierName: 'DHL Parcel',
    shipmentType: 'door',
    typeName: shipmentTypeNames.parcel,
    zones: [
      {
        zone: 'NL',
        brackets: [[2, 5.45], [5, 5.95], [10, 6.75], [20, 9.95], [31.5, 14.95]],
        surcharges: [signature(0.3), noNeighbours(0.25), ['evening', carrierOrderFieldTexts.evening, 1], ...insurance([[500, 1.5], [5000, 12.5]])],
      },
      { zone: 'EU', brackets: [[2, 10.95], [5, 13.5], [10, 18.25], [20, 25.5], [31.5, 34.95]], surcharges: [signature(1), ...insurance([[500, 3.95]])] },
    ],
  },
  { courierClass: 'dhl', carrierName: 'DHL Parcel', shipmentType: 'letterbox', typeName: shipmentTypeNames.letterbox, zones: [{ zone: 'NL', brackets: [[2, 3.75]] }] },
  ...(['b2c', 'b2b'] as const).map(
    (shipmentType): TypePrices => ({
      courierClass: 'dpd',
      carrierName: 'DPD',
      shipmentType,
      typeName: shipmentType === 'b2c' ? shipmentTypeNames.parcel : shipmentTypeNames.business,
      zones: [
        { zone: 'NL', brackets: [[3, 5.25], [10, 6.45], [20, 8.95], [31.5, 13.95]], surcharges: [noNeighbours(0.3), saturday(2.5), ...insurance([[1000, 2.5], [2500, 5.5], [5000, 10.5]])] },
        { zone: 'EU', brackets: [[3, 9.75], [10, 12.95], [20, 18.5], [31.5, 27.5]], surcharges: [...insurance([[1000, 4.5], [2500, 9.5], [5000, 17.5]])] },
      ],
    }),
  ),
  { courierClass: 'dpd', carrierName: 'DPD', shipmentType: 'letterbox', typeName: shipmentTypeNames.parcelLetter, zones: [{ zone: 'NL', brackets: [[2, 3.85]] }] },
  {
    courierClass: 'gls',
    carrierName: 'GLS',
    shipmentType: 'parcel',
    typeName: shipmentTypeNames.parcel,
    zones: [
      {
        zone: 'NL',
        brackets: [[3, 5.15], [10, 6.25], [20, 8.75], [31.5, 12.95]],
        surcharges: [['no_neighbours', carrierOrderFieldTexts.addresseeOnly, 0.35], saturday(2.25), ['express', carrierOrderFieldTexts.express, 6.5]],
      },
      { zone: 'EU', brackets: [[3, 9.45], [10, 12.5], [20, 17.95], [31.5, 25.95]] },
    ],
  },
  ...(['parcel', 'business'] as const).map(
    (shipmentType): TypePrices => ({
      courierClass: 'bpost',
      carrierName: 'bpost',
      shipmentType,
      typeName: shipmentType === 'parcel' ? shipmentTypeNames.parcel : shipmentTypeNames.bpostBusiness,
      zones: [
        // The brackets end at our orders' maximum; bpost itself refuses a box over 30 kg with a Dutch message (docs/carriers.md).
        // Belgium, bpost's home, is in the EU zone: signature and Saturday apply there (national boxes only).
        { zone: 'NL', brackets: [[2, 6.25], [10, 7.45], [20, 9.95], [31.5, 13.95]], surcharges: [signature(0.4), saturday(2.5), ...insurance([[500, 1.5], [2500, 6.5], [5000, 12.5]])] },
        { zone: 'EU', brackets: [[2, 9.95], [10, 13.45], [20, 19.5], [31.5, 27.95]], surcharges: [signature(0.4), saturday(2.5), ...insurance([[500, 3.5], [2500, 9.5], [5000, 17.5]])] },
        { zone: 'WORLD', brackets: [[2, 24.95], [10, 44.95], [31.5, 89.95]], surcharges: [...insurance([[500, 6.5]])] },
      ],
    }),
  ),
  ...(['standard', 'saver', 'express'] as const).map((shipmentType): TypePrices => {
    // Saver and Express cost more than Standard by a fixed factor of the bracket.
    const factor = { standard: 1, saver: 1.6, express: 2.1 }[shipmentType];
    const brackets = (prices: [number, number][]): [number, number][] => prices.map(([kg, euros]) => [kg, Math.round(euros * factor * 100) / 100]);
    return {
      courierClass: 'ups',
      carrierName: 'UPS',
      shipmentType,
      typeName: { standard: shipmentTypeNames.upsStandard, saver: shipmentTypeNames.upsSaver, express: shipmentTypeNames.upsExpress }[shipmentType],
      zones: [
        { zone: 'NL', brackets: brackets([[2, 7.45], [10, 9.95], [20, 14.5], [31.5, 19.95]]), surcharges: [signature(1.5), saturday(9.5), ...insurance([[500, 2.5], [1000, 4], [2500, 8.5], [5000, 15]])] },
        { zone: 'EU', brackets: brackets([[2, 13.95], [10, 19.95], [20, 29.5], [31.5, 39.95]]), surcharges: [signature(2.5), ...insurance([[500, 4.5], [1000, 7], [2500, 14.5], [5000, 25]])] },
        { zone: 'WORLD', brackets: brackets([[2, 34.95], [10, 59.95], [20, 94.5], [31.5, 129]]), surcharges: [signature(3.5), ...insurance([[500, 7.5], [1000, 11.5]])] },
      ],
    };
  }),
];

/** A stable id per row (name-based, like a UUID v5), so invoice parts keep pointing at their row. */
function rowId(key: string): string {
  const hex = createHash('sha1').update(`verzendhuis:label_prices:${key}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

const cents = (euros: number) => Math.round(euros * 100);

export function referencePriceRows(): PriceRow[] {
  const rows: PriceRow[] = [];
  for (const t of table) {
    for (const z of t.zones) {
      const base = `${t.courierClass}/${t.shipmentType}/${z.zone}`;
      for (const [upToKg, euros] of z.brackets) {
        const maxWeight = Math.round(upToKg * 1000);
        rows.push({
          id: rowId(`${base}/${maxWeight}`),
          courierClass: t.courierClass,
          shipmentType: t.shipmentType,
          zone: z.zone,
          maxWeight,
          option: null,
          description: billingTexts.bracket(t.carrierName, t.typeName, zoneNames[z.zone], billingTexts.weight(maxWeight)),
          unitPriceCents: cents(euros),
        });
      }
      for (const [option, description, euros] of z.surcharges ?? []) {
        rows.push({
          id: rowId(`${base}/${option}`),
          courierClass: t.courierClass,
          shipmentType: t.shipmentType,
          zone: z.zone,
          maxWeight: null,
          option,
          description: billingTexts.surcharge(description),
          unitPriceCents: cents(euros),
        });
      }
    }
  }
  return rows;
}
