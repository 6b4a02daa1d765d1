/** Texts of the organisation settings (/settings/account tabs, /settings/branding) and the support chat; docs/account.md. */
export const companyTabTexts = {
  intro: 'Deze gegevens komen op de douanedocumenten van zendingen buiten de EU.',
  characteristics: 'Soort bedrijf',
  characteristicsPlaceholder: 'Kies een soort',
  eoriNumber: 'EORI-nummer',
  eoriNumberHint: 'Voor export buiten de EU, bijvoorbeeld NL123456789.',
  eoriNumberGb: 'EORI-nummer Verenigd Koninkrijk',
  eoriNumberGbHint: 'Voor zendingen naar Groot-Brittannië, bijvoorbeeld GB123456789000.',
  vatNumber: 'Btw-nummer',
  vatNumberHint: 'Met landcode, bijvoorbeeld NL123456789B01.',
  nationalPhone: 'Nationaal telefoonnummer',
  nationalPhoneHint: 'Zoals je het in je eigen land belt, zonder landcode.',
  hmrcCode: 'HMRC-code',
  hmrcCodeHint: 'Je Britse btw-registratie voor zendingen tot £135, bijvoorbeeld GB123456789.',
  save: 'Opslaan',
  saved: 'Bedrijfsgegevens opgeslagen',
  saveFailed: 'Opslaan mislukt',
} as const;

export const logoFieldTexts = {
  title: 'Logo',
  hint: 'PNG of JPEG, maximaal 1 MB. Het logo staat op je pakbonnen, in de track & trace-e-mails en op het retourportaal.',
  choose: 'Logo kiezen',
  current: 'Huidig logo',
  none: 'Nog geen logo.',
  remove: 'Logo verwijderen',
  uploaded: 'Logo opgeslagen',
  removed: 'Logo verwijderd',
  failed: 'Logo opslaan mislukt',
} as const;

export const brandingTexts = {
  intro: 'Je logo en merkkleur gebruiken we in de track & trace-e-mails, op de volgpagina en op het retourportaal; het logo ook op je pakbonnen. De merkkleur is dezelfde als bij Instellingen › Track & trace.',
  colourTitle: 'Merkkleur',
} as const;
