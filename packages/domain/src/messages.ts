/**
 * The Dutch texts of the product that are not tied to one screen: server error
 * messages by message_code (account spec §8) and the shared frame texts.
 */
export const errorMessages = {
  default:
    'Er is een onbekende fout opgetreden. Probeer het later opnieuw of neem contact op met de klantenservice.',
  not_authenticated: 'Je bent niet (meer) ingelogd. Log opnieuw in.',
  token_expired: 'Je sessie is verlopen. Log opnieuw in.',
  organisation_not_authorised: 'De organisatie kan niet worden geautoriseerd. Log opnieuw in.',
  organisation_lacks_rights: 'Je organisatie heeft geen rechten voor deze actie.',
  account_blocked:
    'Je account is geblokkeerd. Neem contact op met de klantenservice.',
  form_invalid: 'Het formulier is ongeldig of niet volledig ingevuld.',
  invalid_request: 'Ongeldig verzoek.',
  route_not_found: 'Deze functie bestaat niet.',
  not_found: 'Niet gevonden.',
  order_not_found: 'Order niet gevonden.',
  label_not_found: 'Label niet gevonden.',
  maintenance: 'Verzendhuis is tijdelijk niet beschikbaar wegens onderhoud. Probeer het later opnieuw.',
  too_many_requests: 'Te veel pogingen. Wacht even en probeer het opnieuw.',
  body_too_large: 'Het verzoek is te groot.',
  body_too_deep: 'Het verzoek is te diep genest: een JSON-body mag hoogstens 32 niveaus diep zijn.',
} as const;

/** A text with a NUL character (\u0000), which no field can store. */
export const invalidCharacterMessage = 'Dit veld bevat een ongeldig teken (\\u0000). Verwijder het en probeer het opnieuw.';

/** A text with half of a UTF-16 surrogate pair (\uD800-\uDFFF alone), which is no character at all. */
export const loneSurrogateMessage = 'Dit veld bevat een ongeldig teken (een losse UTF-16-surrogaat). Verwijder het en probeer het opnieuw.';

export type MessageCode = keyof typeof errorMessages;

/** Texts of the login and registration pages of the built-in identity provider. */
export const authTexts = {
  loginTitle: 'Inloggen',
  email: 'E-mailadres',
  password: 'Wachtwoord',
  loginButton: 'Inloggen',
  loginFailed: 'Onjuist e-mailadres of wachtwoord.',
  tooManyAttempts: 'Te veel inlogpogingen. Probeer het over een paar minuten opnieuw.',
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
} as const;
