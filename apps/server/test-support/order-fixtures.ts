/**
 * A complete Dutch recipient (an address the fake PDOK knows) for the orders of API
 * tests: spread it into an order and add what the test is about.
 */
export const damrakRecipient = {
  name: 'Jan Jansen',
  address_1: 'Damrak',
  housenumber: '1',
  zipcode: '1012 LG',
  city: 'Amsterdam',
  country: 'NL',
} as const;
