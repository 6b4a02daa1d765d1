import type { OrderInput } from '@verzendhuis/contract/order';

/** Real streets with their postcodes and towns, so generated orders validate like real ones. */
const addresses: Record<'NL' | 'BE' | 'DE', readonly (readonly [string, string, string])[]> = {
  NL: [
    ['Damrak', '1012 LG', 'Amsterdam'], ['Coolsingel', '3011 AD', 'Rotterdam'], ['Oudegracht', '3511 AB', 'Utrecht'],
    ['Grote Markt', '9711 LV', 'Groningen'], ['Vrijthof', '6211 LD', 'Maastricht'], ['Stratumseind', '5611 ER', 'Eindhoven'],
    ['Lange Voorhout', '2514 EA', 'Den Haag'], ['Breestraat', '2311 CS', 'Leiden'], ['Markt', '6811 CG', 'Arnhem'],
    ['Hoogstraat', '5611 KS', 'Eindhoven'], ['Kerkstraat', '1017 GB', 'Amsterdam'], ['Zijlweg', '2013 DA', 'Haarlem'],
  ],
  BE: [
    ['Meir', '2000', 'Antwerpen'], ['Veldstraat', '9000', 'Gent'], ['Nieuwstraat', '1000', 'Brussel'],
    ['Steenstraat', '8000', 'Brugge'], ['Bondgenotenlaan', '3000', 'Leuven'],
  ],
  DE: [
    ['Friedrichstraße', '10117', 'Berlin'], ['Schildergasse', '50667', 'Köln'], ['Königsallee', '40212', 'Düsseldorf'],
    ['Mönckebergstraße', '20095', 'Hamburg'], ['Zeil', '60313', 'Frankfurt am Main'],
  ],
};

const firstNames = ['Emma', 'Daan', 'Sophie', 'Lucas', 'Julia', 'Sem', 'Tess', 'Finn', 'Lotte', 'Milan', 'Anna', 'Levi', 'Fleur', 'Bram', 'Sanne', 'Jens', 'Lieke', 'Thijs', 'Noor', 'Ruben'];
const lastNames = ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer'];
const products = [
  ['Theepot Aardewerk', 'KEUKEN-014', 650, 2495], ['Wollen sjaal', 'MODE-221', 180, 3950], ['Notitieboek A5', 'PAPIER-003', 320, 1295],
  ['Geurkaars Vijg', 'WONEN-087', 410, 1895], ['Koffiebonen 1 kg', 'KOFFIE-001', 1050, 1650], ['Hardloopsokken', 'SPORT-112', 90, 1299],
  ['Kinderboek Dieren', 'BOEK-540', 380, 1499], ['Plantenpot 20 cm', 'TUIN-033', 1200, 2195],
] as const;

/** A small deterministic generator (mulberry32), so benchmarks and tests are repeatable. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

export function generateTestOrder(options: { random: ReturnType<typeof createRandom>; index: number; courierId: string | null; now?: Date }): OrderInput {
  const { random } = options;
  const roll = random.next();
  const country = roll < 0.7 ? 'NL' : roll < 0.88 ? 'BE' : 'DE';
  const [street, zipcode, city] = random.pick(addresses[country]);
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  const lines = random.int(1, 3);
  const items = Array.from({ length: lines }, () => {
    const [name, sku, weight, cents] = random.pick(products);
    return { name, sku, quantity: random.int(1, 3), weight, unit_price_inc_btw: cents / 100, product_country: 'NL' };
  });
  const weight = items.reduce((sum, i) => sum + i.weight * i.quantity, 0);
  const daysAgo = random.int(0, 20);
  const date = new Date((options.now ?? new Date()).getTime() - daysAgo * 86_400_000 - random.int(0, 86_399) * 1000);
  return {
    order_number: `TEST-${String(options.index).padStart(6, '0')}`,
    order_date: date.toISOString(),
    name: `${first} ${last}`,
    company_name: random.next() < 0.15 ? `${last} Handel BV` : null,
    address_1: street,
    housenumber: String(random.int(1, 250)),
    zipcode,
    city,
    country,
    email: `${first}.${last.replace(/\s/g, '')}@voorbeeld.nl`.toLowerCase(),
    phone: country === 'NL' ? `06${random.int(10_000_000, 99_999_999)}` : null,
    currency: 'EUR',
    courier_id: options.courierId,
    shipment_type: options.courierId ? 'parcel' : null,
    shipment: { packages: [{ weight }], courier_fields: { signature: false, insurance: '0' } },
    order_items: items,
  };
}
