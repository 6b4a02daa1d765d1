/**
 * Direct debit and payments (docs/billing.md, "Direct debit and payments"): the Dutch texts of
 * the mandate on the billing tab, its dashboard notices, the test provider's checkout page and
 * the error codes of the payment calls.
 */

/** The error codes of the payment calls (account spec §8: "payment-provider connection failed" is a programming error). */
export const paymentErrorMessages = {
  payment_provider_unavailable:
    'De verbinding met de betaalprovider is mislukt. Probeer het over een paar minuten opnieuw; lukt het dan nog niet, neem contact op met de klantenservice.',
  payment_provider_refused: 'De betaalprovider weigerde het verzoek. Neem contact op met de klantenservice.',
  invoice_already_paid: 'Deze factuur is al betaald.',
  invoice_payment_running: 'Voor deze factuur loopt al een automatische incasso. Wacht tot die is afgerond.',
  mandate_not_found: 'Er is geen machtiging om te verwijderen.',
  payment_not_found: 'Betaling niet gevonden.',
} as const;

/** The mandate as the billing tab shows it. */
export const mandateTexts = {
  title: 'Automatische incasso',
  intro:
    'Met een machtiging voor automatische incasso schrijven we je facturen automatisch af. Je machtigt ons met een betaling van € 0,01 via je eigen bank.',
  statusLabel: 'Status',
  none: 'Je hebt nog geen machtiging afgegeven.',
  validating: 'Je machtiging wordt gecontroleerd. Dit kan enkele dagen duren.',
  active: 'Je machtiging is actief.',
  error: 'Het afgeven van je machtiging is mislukt. Probeer het opnieuw.',
  account: (lastDigits: string): string => `Rekening eindigend op ${lastDigits}`,
  consumer: (name: string): string => `Op naam van ${name}`,
  setUp: 'Machtiging afgeven',
  setUpAgain: 'Opnieuw proberen',
  remove: 'Machtiging intrekken',
  removeTitle: 'Machtiging intrekken?',
  removeBody: 'Zonder machtiging worden je facturen niet meer automatisch afgeschreven. In productie kun je dan geen labels meer aanmaken.',
  removeConfirm: 'Intrekken',
  removeCancel: 'Annuleren',
  removed: 'Machtiging ingetrokken',
  redirecting: 'Je gaat naar de betaalpagina…',
  loadFailed: 'De status van je machtiging kon niet worden geladen.',
} as const;

/** The dashboard notices of the mandate (orders-and-labels §8). */
export const mandateNoticeTexts = {
  missing: 'Automatische incasso is verplicht. Geef een machtiging af om labels te kunnen aanmaken.',
  validating: 'Je machtiging voor automatische incasso wordt gecontroleerd. Dit kan enkele dagen duren.',
  error: 'Het afgeven van je machtiging voor automatische incasso is mislukt. Probeer het opnieuw.',
  link: 'Naar automatische incasso',
} as const;

/** Paying one open invoice. */
export const invoicePaymentTexts = {
  pay: 'Nu betalen',
  paid: 'Betaald',
  collecting: 'Wordt automatisch afgeschreven',
  failed: 'De betaling kon niet worden gestart.',
} as const;

/** The built-in test provider's checkout page (PAYMENT_PROVIDER=test). */
export const testCheckoutTexts = {
  title: 'Testbetaling',
  intro: 'Dit is de betaalpagina van de ingebouwde testprovider. Er wordt geen echt geld afgeschreven.',
  amount: (amount: string): string => `Bedrag: € ${amount}`,
  description: 'Omschrijving',
  paid: 'Betaald',
  failed: 'Mislukt',
  done: 'Deze betaling is al afgerond.',
  notFound: 'Deze testbetaling bestaat niet (meer).',
} as const;

/** A payment's description at the provider, as the customer sees it on the bank statement. */
export const paymentDescriptions = {
  mandate: 'Verzendhuis machtiging automatische incasso',
  invoice: (number: string): string => `Verzendhuis factuur ${number}`,
} as const;
