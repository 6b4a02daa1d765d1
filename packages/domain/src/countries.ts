import nl from 'i18n-iso-countries/langs/nl.json';

type Names = Record<string, string | string[]>;

/**
 * Codes that carriers use beside ISO 3166-1: the Canary Islands (IC, exceptionally
 * reserved), outside the EU's VAT area and so shipped to as an export (account spec §2).
 */
const extraCountries = [{ code: 'IC', name: 'Canarische Eilanden' }];

/** ISO 3166-1 alpha-2 codes with their Dutch names, plus the Canary Islands (IC), sorted by name (nl). */
export const countries: readonly { code: string; name: string }[] = Object.entries(nl.countries as Names)
  .map(([code, names]) => ({ code, name: Array.isArray(names) ? (names[names.length - 1] ?? code) : names }))
  .concat(extraCountries)
  .sort((a, b) => a.name.localeCompare(b.name, 'nl'));

export const countryCodes = countries.map((c) => c.code) as [string, ...string[]];

const byCode = new Map(countries.map((c) => [c.code, c.name]));
export function countryName(code: string): string {
  return byCode.get(code) ?? code;
}

/** The 27 EU member states (domain notes, customs); outside them a shipment is an export. */
export const euMemberStates = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;

export function isEuMember(country: string): boolean {
  return (euMemberStates as readonly string[]).includes(country);
}

/** Countries where a state or province is asked (and required). */
export const stateProvinceCountries = ['CA', 'US', 'CN'] as const;

export const statesProvinces: Record<(typeof stateProvinceCountries)[number], { code: string; name: string }[]> = {
  US: [
    ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
    ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
    ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
    ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'],
    ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
    ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'],
    ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
    ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
    ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
    ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'], ['PR', 'Puerto Rico'], ['GU', 'Guam'],
    ['VI', 'U.S. Virgin Islands'], ['AS', 'American Samoa'], ['MP', 'Northern Mariana Islands'],
  ].map(([code, name]) => ({ code: code as string, name: name as string })),
  CA: [
    ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'],
    ['NL', 'Newfoundland and Labrador'], ['NS', 'Nova Scotia'], ['NT', 'Northwest Territories'], ['NU', 'Nunavut'],
    ['ON', 'Ontario'], ['PE', 'Prince Edward Island'], ['QC', 'Quebec'], ['SK', 'Saskatchewan'], ['YT', 'Yukon'],
  ].map(([code, name]) => ({ code: code as string, name: name as string })),
  CN: [
    ['AH', 'Anhui'], ['BJ', 'Beijing'], ['CQ', 'Chongqing'], ['FJ', 'Fujian'], ['GS', 'Gansu'], ['GD', 'Guangdong'],
    ['GX', 'Guangxi'], ['GZ', 'Guizhou'], ['HI', 'Hainan'], ['HE', 'Hebei'], ['HL', 'Heilongjiang'], ['HA', 'Henan'],
    ['HB', 'Hubei'], ['HN', 'Hunan'], ['JS', 'Jiangsu'], ['JX', 'Jiangxi'], ['JL', 'Jilin'], ['LN', 'Liaoning'],
    ['NM', 'Inner Mongolia'], ['NX', 'Ningxia'], ['QH', 'Qinghai'], ['SN', 'Shaanxi'], ['SD', 'Shandong'],
    ['SH', 'Shanghai'], ['SX', 'Shanxi'], ['SC', 'Sichuan'], ['TJ', 'Tianjin'], ['XJ', 'Xinjiang'], ['XZ', 'Tibet'],
    ['YN', 'Yunnan'], ['ZJ', 'Zhejiang'],
  ].map(([code, name]) => ({ code: code as string, name: name as string })),
};

export function requiresStateProvince(country: string): country is (typeof stateProvinceCountries)[number] {
  return (stateProvinceCountries as readonly string[]).includes(country);
}

/** Postcode formats per country; countries not listed take any non-empty postcode. */
const postcodePatterns: Record<string, { pattern: RegExp; example: string }> = {
  NL: { pattern: /^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Z]{2}$/, example: '1234 AB' },
  BE: { pattern: /^[1-9][0-9]{3}$/, example: '1000' },
  DE: { pattern: /^[0-9]{5}$/, example: '10115' },
  FR: { pattern: /^[0-9]{5}$/, example: '75001' },
  AT: { pattern: /^[1-9][0-9]{3}$/, example: '1010' },
  LU: { pattern: /^(L-?)?[0-9]{4}$/, example: '1111' },
  DK: { pattern: /^[0-9]{4}$/, example: '1050' },
  CH: { pattern: /^[1-9][0-9]{3}$/, example: '8001' },
  ES: { pattern: /^[0-9]{5}$/, example: '28001' },
  IC: { pattern: /^(35|38)[0-9]{3}$/, example: '35001' },
  IT: { pattern: /^[0-9]{5}$/, example: '00118' },
  PL: { pattern: /^[0-9]{2}-?[0-9]{3}$/, example: '00-001' },
  SE: { pattern: /^[0-9]{3} ?[0-9]{2}$/, example: '111 22' },
  GB: { pattern: /^(GIR ?0AA|[A-Z]{1,2}[0-9][0-9A-Z]? ?[0-9][A-Z]{2})$/, example: 'SW1A 1AA' },
  US: { pattern: /^[0-9]{5}(-[0-9]{4})?$/, example: '10001' },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] ?[0-9][ABCEGHJ-NPRSTV-Z][0-9]$/, example: 'K1A 0B1' },
};

/** Countries without postcodes, where an empty postcode is fine. */
const noPostcodeCountries = new Set(['AE', 'AG', 'AO', 'AW', 'BS', 'BZ', 'BW', 'CW', 'FJ', 'HK', 'IE', 'JM', 'MO', 'QA', 'SR', 'UG', 'ZW']);

export function postcodeRequired(country: string): boolean {
  return !noPostcodeCountries.has(country);
}

/** null when valid (or unknown format); else the example to show. */
export function postcodeProblem(country: string, zipcode: string): string | null {
  const rule = postcodePatterns[country];
  if (!rule) return null;
  return rule.pattern.test(zipcode.trim().toUpperCase()) ? null : rule.example;
}
