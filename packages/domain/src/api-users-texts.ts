/**
 * API users (account spec §2 /settings/api-keys, §7 api-user calls, §8 "not found: API key";
 * docs/api-users.md): the error codes of their calls and of their authentication, and the
 * Dutch texts of the page. The spec gives none of the page's texts; they are ours.
 */
export const apiUserErrorMessages = {
  api_user_not_found: 'API-sleutel niet gevonden.',
  api_user_invalid: 'De API-sleutel is onjuist of gedeactiveerd.',
  api_user_not_allowed: 'Je organisatie heeft niet de rechten om dit te doen: een API-gebruiker kan geen API-gebruikers of organisatie-instellingen beheren.',
  api_user_rate_limited: (limit: number, retryAfterSeconds: number): string =>
    `Te veel verzoeken: een API-gebruiker mag ${limit} verzoeken per minuut doen. Probeer het over ${retryAfterSeconds} seconden opnieuw.`,
} as const;

/** Per API user per minute, in memory per process (docs/api-users.md). */
export const apiUserDefaultRateLimitPerMinute = 600;

export const apiUserNameMaxLength = 100;

/** PATCH api-user/{id} without anything to change. */
export const apiUserPatchEmptyText = 'Geef een nieuwe naam of is_active mee.';

export const apiUsersTexts = {
  intro:
    'Met een API-gebruiker koppelt een webshop-plugin of een eigen script aan Verzendhuis. Het script stuurt de sleutel-ID en het geheim mee als Basic-authenticatie, of alleen het geheim als Bearer-token. Een API-gebruiker ziet alleen de gegevens van je organisatie.',
  docsLink: 'API-documentatie',
  create: 'API-gebruiker aanmaken',
  createTitle: 'API-gebruiker aanmaken',
  name: 'Naam',
  nameDescription: 'Bijvoorbeeld de naam van de webshop of plugin.',
  save: 'Opslaan',
  cancel: 'Annuleren',
  invalidInput: 'Controleer de naam.',
  created: 'De API-gebruiker is aangemaakt.',
  secretTitle: 'Sla het geheim nu op',
  secretWarning: 'Het geheim wordt alleen nu getoond. Verzendhuis bewaart het niet leesbaar; ben je het kwijt, maak dan een nieuwe API-gebruiker aan.',
  keyId: 'Sleutel-ID',
  secret: 'Geheim',
  copy: 'Kopiëren',
  copied: 'Gekopieerd naar klembord',
  copyFailed: 'Kopiëren is mislukt. Selecteer de tekst en kopieer hem zelf.',
  done: 'Ik heb het geheim opgeslagen',
  listTitle: 'API-gebruikers',
  loadFailed: 'De API-gebruikers konden niet worden geladen.',
  empty: 'Er is nog geen API-gebruiker.',
  columns: { name: 'Naam', keyId: 'Sleutel-ID', status: 'Status', lastUsed: 'Laatst gebruikt', createdAt: 'Aangemaakt', actions: 'Acties' },
  active: 'Actief',
  inactive: 'Gedeactiveerd',
  never: 'Nooit',
  rename: 'Naam wijzigen',
  renameTitle: 'API-gebruiker hernoemen',
  renamed: 'De naam is gewijzigd.',
  deactivate: 'Deactiveren',
  deactivateTitle: 'API-gebruiker deactiveren',
  deactivateQuestion: (name: string): string =>
    `Weet je zeker dat je ${name} wilt deactiveren? Plugins en scripts met deze sleutel krijgen daarna geen toegang meer tot je er een nieuwe geeft of hem weer activeert.`,
  deactivated: 'De API-gebruiker is gedeactiveerd.',
  activate: 'Activeren',
  activated: 'De API-gebruiker is weer actief.',
} as const;
