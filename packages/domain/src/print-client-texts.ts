/**
 * Dutch texts of the local print client (`apps/print-client`, account spec §7: the local
 * printer client's HTTP API; issue 13). The spec gives none of them: these are ours, in
 * the words a QZ Tray, Sendcloud or MyParcel user expects. The client answers its local
 * API's failures as `{status, message}` and reports a failed print job with one of the
 * `job*` messages; the server shows that message as the job's `message`.
 */
export const printClientTexts = {
  /** The folder printer's name: "Map: /home/jan/labels". */
  folderPrinterName: (folder: string) => `Map: ${folder}`,

  // The local HTTP API's answers (400 unless said otherwise).
  notFound: 'Deze functie bestaat niet in de printerclient.',
  methodNotAllowed: 'Deze methode is hier niet toegestaan.',
  originRefused: 'Deze website mag de printerclient niet gebruiken. Voeg het adres toe aan PRINT_CLIENT_ORIGINS.',
  hostRefused: 'De printerclient is alleen bereikbaar via 127.0.0.1 of localhost.',
  jsonRequired: 'Stuur de gegevens als JSON (Content-Type: application/json).',
  bodyInvalid: 'Het verzoek is geen geldige JSON.',
  bodyTooLarge: 'Het verzoek is te groot.',
  printerNameRequired: 'Kies een printer.',
  printerUnknown: (name: string) => `De printer "${name}" is niet gevonden op deze computer.`,
  urlInvalid: 'Vul een geldig serveradres in dat begint met https:// of http://.',
  codeInvalid: 'Vul de koppelcode in zoals Verzendhuis hem toont (8 tekens).',
  notPaired: 'De printerclient is nog niet gekoppeld. Koppel hem via Instellingen → Printer in Verzendhuis.',
  /** 502: the server could not be reached while pairing. */
  serverUnreachable: (url: string) => `De printerclient kan Verzendhuis niet bereiken op ${url}. Controleer het serveradres en de internetverbinding.`,
  /** The server refused the code without a message of its own. */
  pairingRefused: 'De koppelcode is ongeldig of verlopen. Vraag een nieuwe code aan.',
  internal: 'Er ging iets mis in de printerclient. Probeer het opnieuw of start de printerclient opnieuw.',

  // A print job's failure, reported to the server as the job's message.
  jobNoPrinter: 'Er is geen labelprinter gekozen in de printerclient. Kies er een via Instellingen → Printer.',
  jobPrinterMissing: (name: string) => `De gekozen labelprinter "${name}" is niet meer gevonden op de computer van de printerclient.`,
  jobPrintFailed: (name: string, reason: string) => `Afdrukken op "${name}" is mislukt: ${reason}`,
  jobContentInvalid: 'De printopdracht is onleesbaar aangekomen.',
} as const;
