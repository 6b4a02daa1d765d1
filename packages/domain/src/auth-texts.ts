/**
 * Dutch texts of logging in: the login and registration pages of the built-in identity
 * provider and the messages of the token checks (account spec §8).
 */

/** "over 1 minuut", "over 14 minuten", "over 2 uur": when a lockout of `seconds` ends, rounded up. */
function whenAgain(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return `over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}`;
  return `over ${Math.ceil(minutes / 60)} uur`;
}

/** Texts of the login and registration pages of the built-in identity provider. */
export const authTexts = {
  loginTitle: 'Inloggen',
  email: 'E-mailadres',
  password: 'Wachtwoord',
  loginButton: 'Inloggen',
  loginFailed: 'Onjuist e-mailadres of wachtwoord.',
  tooManyAttempts: 'Te veel inlogpogingen. Probeer het over een paar minuten opnieuw.',
  /** A lockout (of the account or of the address) that ends in `seconds`. */
  tooManyAttemptsFor: (seconds: number) => `Te veel inlogpogingen. Probeer het ${whenAgain(seconds)} opnieuw.`,
  tooManyRegistrationsFor: (seconds: number) => `Te veel registraties vanaf dit adres. Probeer het ${whenAgain(seconds)} opnieuw.`,
  noAccount: 'Nog geen account?',
  registerLink: 'Gratis account aanmaken',
  registerTitle: 'Gratis account aanmaken',
  registerButton: 'Account aanmaken',
  haveAccount: 'Heb je al een account?',
  loginLink: 'Inloggen',
  organisationName: 'Bedrijfsnaam',
  name: 'Je naam',
  passwordRepeat: 'Herhaal wachtwoord',
  sessionExpired: 'Deze inlogpoging is verlopen. Ga terug naar Verzendhuis en probeer het opnieuw.',
  errorTitle: 'Er ging iets mis',
  logoutTitle: 'Uitloggen',
  logoutQuestion: 'Wil je uitloggen bij Verzendhuis?',
  logoutButton: 'Uitloggen',
  loggedOut: 'Je bent uitgelogd.',
  /** The link from a message page back to the app. */
  backToApp: 'Naar Verzendhuis',
  /** The one answer to a registration, for a new address and for one that has an account. */
  checkEmailTitle: 'Bevestig je e-mailadres',
  checkEmailSent: (email: string) =>
    `We hebben een e-mail gestuurd naar ${email}. Open de link in die e-mail om verder te gaan; de link is 24 uur geldig.`,
  checkEmailHint: 'Geen e-mail gekregen? Kijk ook bij je ongewenste e-mail, of registreer opnieuw voor een nieuwe link.',
  confirmedTitle: 'Je account is aangemaakt',
  confirmedLogIn: 'Je e-mailadres is bevestigd en je account is aangemaakt. Log in met je e-mailadres en wachtwoord.',
  alreadyConfirmedTitle: 'Je e-mailadres is al bevestigd',
  alreadyConfirmed: 'Je e-mailadres is al bevestigd en je account bestaat. Log in met je e-mailadres en wachtwoord.',
  confirmFailedTitle: 'Deze link werkt niet',
  confirmExpired: 'Deze bevestigingslink is verlopen (een link is 24 uur geldig). Registreer opnieuw; je krijgt dan een nieuwe link.',
  confirmUnknown: 'Deze bevestigingslink is ongeldig of vervangen door een nieuwere. Open de link uit de laatste e-mail, of registreer opnieuw.',
  /** The link from a message page to logging in (the app starts the login). */
  toLogin: 'Inloggen',
} as const;

/** The e-mails of registration (docs/auth.md): the confirmation link, or "you already have an account". */
export const registrationMailTexts = {
  confirmSubject: 'Bevestig je e-mailadres voor Verzendhuis',
  confirmBody: (name: string, link: string) => [
    `Hallo ${name},`,
    'Bedankt voor je registratie bij Verzendhuis. Bevestig je e-mailadres met de link hieronder; daarna maken we je account aan en ben je ingelogd.',
    link,
    'De link is 24 uur geldig. Heb jij je niet geregistreerd? Dan kun je deze e-mail negeren: er wordt geen account aangemaakt.',
  ],
  confirmButton: 'E-mailadres bevestigen',
  existsSubject: 'Je hebt al een account bij Verzendhuis',
  existsBody: (link: string) => [
    'Hallo,',
    'Er is geprobeerd een nieuw account bij Verzendhuis aan te maken met dit e-mailadres, maar je hebt al een account. Log in met je e-mailadres en wachtwoord:',
    link,
    'Wachtwoord vergeten? Zelf een nieuw wachtwoord instellen kan nog niet; neem contact op met de klantenservice.',
    'Heb jij dit niet gedaan? Dan kun je deze e-mail negeren; er is niets veranderd.',
  ],
  existsButton: 'Inloggen',
} as const;

/** The message_codes of the token checks and the guard of /api, with their messages. */
export const authErrorMessages = {
  not_authenticated: 'Je bent niet (meer) ingelogd. Log opnieuw in.',
  token_expired: 'Je sessie is verlopen. Log opnieuw in.',
  account_blocked: 'Je account is geblokkeerd. Neem contact op met de klantenservice.',
} as const;
