/** Texts of the item scan page (/scan/{id?}, orders spec §2.1; docs/scan.md). */
export const scanTexts = {
  title: 'Scannen',
  inputLabel: 'Scan een bestelnummer of artikel',
  inputDescription: 'Een handscanner typt de code en een Enter; je kunt ook typen en op Enter drukken.',
  startHint: 'Scan het bestelnummer (of de referentie van de webshop) om een bestelling te openen.',
  results: {
    scanned: 'Gescand',
    notInOrder: 'Niet in deze bestelling',
    alreadyComplete: 'Al compleet',
    unknownOrder: 'Onbekende bestelling',
    opened: 'Bestelling geopend',
    done: 'Alles gescand',
  },
  resultDetail: {
    scanned: (name: string, scanned: number, quantity: number) => `${name}: ${scanned} / ${quantity}`,
    code: (code: string) => `Code ${code}`,
    opened: (orderNumber: string) => `Bestelling ${orderNumber}`,
    done: 'Het label wordt gemaakt.',
  },
  orderHeading: (orderNumber: string) => `Bestelling ${orderNumber}`,
  orderWithoutNumber: 'Bestelling zonder nummer',
  progress: (scanned: number, total: number) => `${scanned} van ${total} artikelen gescand`,
  columns: { item: 'Artikel', code: 'EAN / SKU', scanned: 'Gescand', actions: 'Handmatig' },
  noBarcode: 'Geen barcode',
  addOne: (name: string) => `Eén ${name} erbij`,
  removeOne: (name: string) => `Eén ${name} eraf`,
  noItems: 'Deze bestelling heeft geen artikelen om te scannen.',
  reset: 'Opnieuw beginnen',
  edit: 'Bestelling bewerken',
  makeLabel: 'Label maken',
  nextOrder: 'Volgende bestelling',
  labelMade: 'Label gemaakt. Scan de volgende bestelling.',
  hasLabel: 'Deze bestelling heeft al een label.',
  loadFailed: 'De bestelling kon niet worden geladen.',
} as const;

/** The message_codes of the scan calls, with their messages. */
export const scanErrorMessages = {
  /** GET order/lookup: no order of the organisation has this number or reference. */
  order_reference_unknown: 'Onbekende bestelling: geen bestelling met dit nummer of deze referentie.',
  order_reference_required: 'Scan of typ een bestelnummer of referentie.',
} as const;
