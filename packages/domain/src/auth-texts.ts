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
} as const;

/** The message_codes of the token checks and the guard of /api, with their messages. */
export const authErrorMessages = {
  not_authenticated: 'Je bent niet (meer) ingelogd. Log opnieuw in.',
  token_expired: 'Je sessie is verlopen. Log opnieuw in.',
  account_blocked: 'Je account is geblokkeerd. Neem contact op met de klantenservice.',
} as const;
