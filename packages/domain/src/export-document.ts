import { isEuMember } from './countries';

/**
 * Orders spec §5 "Export document is refused, with the reason shown, when …" and the
 * customs notes (CN23 / commercial invoice): which shipments get an export document,
 * and why one is refused. Pure rules; the server draws the PDF.
 */

/** The item fields a customs declaration needs (spec §5), with the Dutch names of the order form. */
export const exportItemFields = {
  name: 'naam',
  description: 'omschrijving',
  category: 'categorie',
  sku: 'SKU',
  hs_code: 'HS-code',
  product_country: 'land van herkomst',
  quantity: 'aantal',
  unit_price_inc_btw: 'prijs',
  weight: 'gewicht',
} as const;
export type ExportItemField = keyof typeof exportItemFields;

export interface ExportItem {
  name?: string | null;
  description?: string | null;
  category?: string | null;
  sku?: string | null;
  hs_code?: string | null;
  product_country?: string | null;
  quantity?: number | null;
  /** In euros (or the order's currency), as the API carries it. */
  unit_price_inc_btw?: number | null;
  /** Grams per piece. */
  weight?: number | null;
  /** Lines like shipping costs that do not travel in the parcel. */
  is_dummy_item?: boolean | null;
}

export interface ExportCheckInput {
  /** The destination country (ISO alpha-2) as the label was made. */
  country: string | null;
  /** status_info of the label and of its order. */
  statusInfo: readonly { status: string; message: string }[];
  items: readonly ExportItem[];
}

export const exportDocumentTexts = {
  refused: 'Het exportdocument kan niet worden gemaakt.',
  euDestination: 'Een exportdocument is alleen nodig voor zendingen buiten de EU.',
  noCountry: 'Het land van bestemming ontbreekt.',
  statusProblems: 'Deze zending heeft nog problemen. Los die eerst op.',
  noItems: 'Deze bestelling heeft geen artikelen. Voeg de artikelen met hun douanegegevens toe.',
  itemMissing: (position: number, field: string): string => `Artikel ${position} mist ${field}`,
} as const;

/** The message_code of a refused export document (label/{id}/exportdoc), with its message. */
export const exportDocumentErrorMessages = {
  export_document_refused: exportDocumentTexts.refused,
} as const;

export type ExportRefusalCode = 'eu_destination' | 'no_country' | 'status_problems' | 'no_items' | 'item_field_missing';

export interface ExportRefusal {
  code: ExportRefusalCode;
  /** The field the problem belongs to (order_items.<index>.<field> for items), or null. */
  field: string | null;
  message: string;
}

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The items that go on the declaration: dummy lines (shipping costs, a discount) do not
 * travel in the parcel and are left out. The index is the line's place in the order.
 */
export function declaredItems<T extends ExportItem>(items: readonly T[]): { item: T; index: number }[] {
  return items.map((item, index) => ({ item, index })).filter(({ item }) => item.is_dummy_item !== true);
}

/** Which required fields an item lacks. A number must be above zero: customs need a real amount. */
export function missingItemFields(item: ExportItem): ExportItemField[] {
  return (Object.keys(exportItemFields) as ExportItemField[]).filter((field) => {
    const value = item[field];
    if (field === 'quantity' || field === 'unit_price_inc_btw' || field === 'weight') return typeof value !== 'number' || !(value > 0);
    return blank(value);
  });
}

/**
 * Every reason the export document is refused, in the spec's order; empty when it may
 * be made. A destination in the EU stops the check there: the other reasons would only
 * distract from it.
 */
export function exportDocumentRefusals(input: ExportCheckInput): ExportRefusal[] {
  const country = input.country?.trim().toUpperCase() ?? '';
  if (!country) return [{ code: 'no_country', field: 'country', message: exportDocumentTexts.noCountry }];
  if (isEuMember(country)) return [{ code: 'eu_destination', field: 'country', message: exportDocumentTexts.euDestination }];

  const refusals: ExportRefusal[] = [];
  if (input.statusInfo.some((info) => info.status === 'error')) {
    refusals.push({ code: 'status_problems', field: 'status_info', message: exportDocumentTexts.statusProblems });
  }
  const items = declaredItems(input.items);
  if (items.length === 0) {
    refusals.push({ code: 'no_items', field: 'order_items', message: exportDocumentTexts.noItems });
    return refusals;
  }
  items.forEach(({ item, index }, position) => {
    for (const field of missingItemFields(item)) {
      refusals.push({
        code: 'item_field_missing',
        field: `order_items.${index}.${field}`,
        message: exportDocumentTexts.itemMissing(position + 1, exportItemFields[field]),
      });
    }
  });
  return refusals;
}

/** The refusals as the error body's `fields`: field → its Dutch messages. */
export function refusalFields(refusals: readonly ExportRefusal[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const refusal of refusals) (fields[refusal.field ?? '_'] ??= []).push(refusal.message);
  return fields;
}

/** The CN23 categories (domain notes), in the order the form lists them. */
export const customsCategories = ['gift', 'documents', 'commercial_sample', 'returned_goods', 'sale_of_goods', 'other'] as const;
export type CustomsCategory = (typeof customsCategories)[number];

const categoryWords: Record<string, CustomsCategory> = {
  gift: 'gift',
  cadeau: 'gift',
  geschenk: 'gift',
  documents: 'documents',
  document: 'documents',
  documenten: 'documents',
  commercial_sample: 'commercial_sample',
  'commercial sample': 'commercial_sample',
  sample: 'commercial_sample',
  monster: 'commercial_sample',
  handelsmonster: 'commercial_sample',
  returned_goods: 'returned_goods',
  'returned goods': 'returned_goods',
  retour: 'returned_goods',
  retourgoederen: 'returned_goods',
  sale_of_goods: 'sale_of_goods',
  'sale of goods': 'sale_of_goods',
  verkoop: 'sale_of_goods',
  other: 'other',
  overig: 'other',
  anders: 'other',
};

/**
 * The category box ticked on the form. A return label is returned goods. Otherwise,
 * when every declared item names the same CN23 category (in English or Dutch), that
 * one; else a shop's order is a sale of goods. An item's own category (e.g. "Kleding")
 * stays on its line.
 */
export function customsCategory(input: { isReturn: boolean; items: readonly ExportItem[] }): CustomsCategory {
  if (input.isReturn) return 'returned_goods';
  const found = new Set(declaredItems(input.items).map(({ item }) => categoryWords[item.category?.trim().toLowerCase() ?? '']));
  const [only] = [...found];
  return found.size === 1 && only ? only : 'sale_of_goods';
}

/**
 * The sender's EORI number for this destination: the GB EORI ("GB" + 12 digits) for
 * Great Britain when the organisation has one, else its EU EORI; null when none is known.
 */
export function senderEori(input: { destination: string; eori: string | null; eoriGb: string | null }): string | null {
  if (input.destination.toUpperCase() === 'GB' && input.eoriGb) return input.eoriGb;
  return input.eori || null;
}

/**
 * Texts printed on the export document. Customs officers abroad read it, so each
 * caption is Dutch with the English of the CN23 form beside it.
 */
export const exportDocumentPrintTexts = {
  title: 'CN23 – Douaneaangifte / Customs declaration',
  subtitle: 'Handelsfactuur / Commercial invoice',
  sender: 'Afzender / Sender',
  receiver: 'Ontvanger / Addressee',
  eori: 'EORI-nummer / EORI number',
  vat: 'Btw-nummer / VAT number',
  contact: 'Contact',
  invoiceNumber: 'Factuurnummer / Invoice no.',
  date: 'Datum / Date',
  trackingNumber: 'Zendingnummer / Shipment no.',
  currency: 'Valuta / Currency',
  category: 'Soort zending / Category of item',
  categories: {
    gift: 'Geschenk / Gift',
    documents: 'Documenten / Documents',
    commercial_sample: 'Handelsmonster / Commercial sample',
    returned_goods: 'Retourzending / Returned goods',
    sale_of_goods: 'Verkoop van goederen / Sale of goods',
    other: 'Anders / Other',
  } satisfies Record<CustomsCategory, string>,
  number: 'Nr.',
  description: 'Omschrijving / Description',
  quantity: 'Aantal / Qty',
  netWeight: 'Nettogewicht / Net weight',
  value: 'Waarde / Value',
  hsCode: 'HS-code / HS tariff no.',
  origin: 'Herkomst / Origin',
  total: 'Totaal / Total',
  grossWeight: 'Brutogewicht / Gross weight',
  declaration:
    'Ik verklaar dat de gegevens in deze aangifte juist zijn en dat deze zending geen gevaarlijke of verboden goederen bevat. / I certify that the particulars given in this customs declaration are correct and that this item does not contain any dangerous article or articles prohibited by legislation.',
  signature: 'Datum en handtekening afzender / Date and sender’s signature',
  page: (page: number, pages: number): string => `Pagina / Page ${page}/${pages}`,
  none: '–',
  filename: (invoiceNumber: string): string => `exportdocument-${invoiceNumber.replace(/[^\p{L}\p{N}._-]+/gu, '_')}.pdf`,
} as const;
