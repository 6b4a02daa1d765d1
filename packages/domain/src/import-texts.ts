/**
 * Dutch texts of the CSV import (/import, POST order/import; docs/import.md). The spec
 * names the route only ("CSV upload"); every text here is ours.
 */

/** The refusals of order/import as a whole (nothing is read, nothing stored). */
export const importErrorMessages = {
  import_no_file: 'Kies een CSV-bestand om te importeren.',
  import_empty_file: 'Het bestand is leeg: er staan geen bestellingen in.',
  import_file_too_large: (details?: { maxMegabytes?: number }): string =>
    `Het bestand is te groot: een CSV-bestand mag hoogstens ${details?.maxMegabytes ?? 50} MB zijn.`,
  import_not_csv: 'Dit is geen CSV-bestand. Sla het bestand in Excel op als "CSV (gescheiden door lijstscheidingsteken)" en probeer het opnieuw.',
  import_unknown_layout: 'De kolommen van dit bestand zijn niet herkend. Koppel de kolommen eerst op de importpagina.',
  import_too_many_rows: (details?: { maxRows?: number }): string =>
    `Het bestand heeft te veel regels: importeer hoogstens ${(details?.maxRows ?? 200_000).toLocaleString('nl-NL')} regels per keer.`,
  import_job_not_found: 'Importtaak niet gevonden.',
  import_mapping_invalid: 'De koppeling van de kolommen is niet compleet.',
} as const;

/** The fields a column can hold, as the page and the messages name them. */
export const importFieldLabels = {
  order_number: 'Ordernummer',
  order_date: 'Orderdatum',
  order_status: 'Status in de winkel',
  name: 'Naam',
  first_name: 'Voornaam',
  last_name: 'Achternaam',
  company_name: 'Bedrijfsnaam',
  street: 'Straat',
  housenumber: 'Huisnummer',
  housenumber_addition: 'Toevoeging',
  address_2: 'Adresregel 2',
  zipcode: 'Postcode',
  city: 'Plaats',
  state_province_code: 'Provincie/staat',
  country: 'Land',
  email: 'E-mail',
  phone: 'Telefoon',
  currency: 'Valuta',
  shipping_method: 'Verzendmethode',
  weight: 'Gewicht (g)',
  item_name: 'Artikel',
  item_quantity: 'Aantal',
  item_price: 'Prijs per stuk',
  item_sku: 'SKU',
  item_ean: 'EAN',
  item_weight: 'Artikelgewicht (g)',
  item_hs_code: 'HS-code',
  item_country: 'Land van herkomst',
} as const;

export const importLayoutNames = {
  template: 'Verzendhuis-sjabloon',
  shopify: 'Shopify-orderexport',
  woocommerce: 'WooCommerce-orderexport',
  custom: 'Eigen indeling (gekoppelde kolommen)',
} as const;

/** The messages of one cell or one row; the import prefixes them with the line and the column. */
export const importRowTexts = {
  at: (line: number, column: string | null): string => (column ? `Regel ${line}, kolom "${column}"` : `Regel ${line}`),
  orderNumberRequired: 'Vul een ordernummer in: daarmee herkent een volgende import dezelfde bestelling.',
  dateInvalid: (value: string): string => `"${value}" is geen datum. Gebruik bijvoorbeeld 23-11-2026 of 2026-11-23 10:23.`,
  numberInvalid: (value: string): string => `"${value}" is geen getal.`,
  wholeNumberInvalid: (value: string): string => `"${value}" is geen heel getal.`,
  countryUnknown: (value: string): string => `"${value}" is geen land. Gebruik de landcode (NL, BE, DE) of de naam van het land.`,
  currencyUnknown: (value: string): string => `"${value}" is geen valuta die Verzendhuis kent.`,
  itemNameRequired: 'Deze regel heeft een aantal of prijs maar geen artikelnaam.',
  lineItemInvalid: (value: string): string => `De artikelregel "${value}" kan niet worden gelezen.`,
  tooManyItems: 'Deze bestelling heeft meer dan 500 artikelregels.',
} as const;

/** The page /import. */
export const importPageTexts = {
  intro: 'Importeer bestellingen uit een CSV-bestand: het Verzendhuis-sjabloon, een orderexport van Shopify of WooCommerce, of een eigen bestand waarvan je de kolommen één keer koppelt.',
  chooseFile: 'Kies een CSV-bestand',
  dropHint: 'Sleep een CSV-bestand hierheen of kies er een.',
  fileLabel: 'CSV-bestand',
  downloadTemplate: 'Sjabloon downloaden',
  templateFileName: 'verzendhuis-bestellingen.csv',
  fileSummary: (name: string, rows: number, layout: string): string => `${name}: ${rows.toLocaleString('nl-NL')} ${rows === 1 ? 'regel' : 'regels'}, herkend als ${layout}.`,
  encoding: { 'utf-8': 'UTF-8', 'utf-8-bom': 'UTF-8 met BOM', 'utf-16le': 'UTF-16', 'windows-1252': 'Windows-1252 (Excel)' } as Record<string, string>,
  separator: { ',': 'komma', ';': 'puntkomma', '\t': 'tab' } as Record<string, string>,
  fileUnknown: (name: string, rows: number): string => `${name}: ${rows.toLocaleString('nl-NL')} ${rows === 1 ? 'regel' : 'regels'}, indeling niet herkend.`,
  fileDetails: (encoding: string, separator: string): string => `Tekenset ${encoding}, scheidingsteken ${separator}.`,
  previewTitle: 'Voorbeeld van de eerste bestellingen',
  previewCaption: (shown: number, total: number): string => `De eerste ${shown} van ${total.toLocaleString('nl-NL')} ${total === 1 ? 'bestelling' : 'bestellingen'} zoals ze worden gelezen.`,
  previewColumns: { line: 'Regel', order_number: 'Ordernummer', name: 'Naam', address: 'Adres', zipcode: 'Postcode', city: 'Plaats', country: 'Land', items: 'Artikelen' },
  mappingTitle: 'Kolommen koppelen',
  mappingIntro: 'Dit bestand heeft een indeling die Verzendhuis niet kent. Kies per kolom wat erin staat; de koppeling wordt onthouden voor de volgende keer.',
  mappingColumn: 'Kolom in het bestand',
  mappingExample: 'Voorbeeld',
  mappingField: 'Betekenis',
  mappingIgnore: 'Niet gebruiken',
  mappingFieldLabel: (column: string): string => `Betekenis van kolom ${column}`,
  mappingNeeds: 'Koppel minstens het ordernummer en het land, en de naam of het adres.',
  mappingSave: 'Koppeling opslaan',
  mappingChange: 'Kolommen opnieuw koppelen',
  checking: 'Bezig met controleren…',
  summaryTitle: 'Controle: er is nog niets opgeslagen',
  resultTitle: 'Import klaar',
  summary: { created: 'Nieuw', updated: 'Bijgewerkt', skipped: 'Overgeslagen', errors: 'Fouten' },
  wouldCreate: (created: number, updated: number): string => `${created} ${created === 1 ? 'bestelling wordt' : 'bestellingen worden'} aangemaakt en ${updated} bijgewerkt.`,
  didCreate: (created: number, updated: number): string => `${created} ${created === 1 ? 'bestelling is' : 'bestellingen zijn'} aangemaakt en ${updated} bijgewerkt.`,
  skippedNote: (skipped: number): string => `${skipped} ${skipped === 1 ? 'bestelling heeft' : 'bestellingen hebben'} al een label of ${skipped === 1 ? 'is' : 'zijn'} verwijderd en ${skipped === 1 ? 'wordt' : 'worden'} overgeslagen.`,
  errorsTitle: (count: number): string => `${count} ${count === 1 ? 'regel wordt' : 'regels worden'} niet geïmporteerd`,
  errorsMore: (count: number): string => `En nog ${count.toLocaleString('nl-NL')} ${count === 1 ? 'fout' : 'fouten'}.`,
  errorColumns: { line: 'Regel', field: 'Kolom', message: 'Melding' },
  import: 'Importeren',
  nothingToImport: 'Er is niets om te importeren: verbeter de fouten in het bestand en kies het opnieuw.',
  backgroundStarted: (rows: number): string => `Het bestand met ${rows.toLocaleString('nl-NL')} regels wordt op de achtergrond geïmporteerd. De voortgang staat op het dashboard.`,
  toDashboard: 'Naar het dashboard',
  another: 'Nog een bestand importeren',
  readFailed: 'Het bestand kon niet worden gelezen.',
} as const;

/** The dashboard's progress card of an import that runs in the background. */
export const importJobTexts = {
  title: 'CSV-import',
  doneTitle: 'CSV-import klaar',
  failedTitle: 'CSV-import gestopt',
  progressLabel: 'Voortgang van de import',
  progress: (processed: number, total: number): string => `${processed.toLocaleString('nl-NL')} van ${total.toLocaleString('nl-NL')} bestellingen verwerkt`,
  result: (created: number, updated: number, errors: number): string =>
    `${created.toLocaleString('nl-NL')} aangemaakt, ${updated.toLocaleString('nl-NL')} bijgewerkt, ${errors.toLocaleString('nl-NL')} ${errors === 1 ? 'fout' : 'fouten'}.`,
  failed: 'De import is gestopt door een fout. Probeer het opnieuw of neem contact op met de klantenservice.',
  dismiss: 'Sluiten',
} as const;
