import { startFakeHttpServer } from './fake-http-server';

/** Addresses the fake knows: "postcode|number" → its docs (two docs make it ambiguous). */
const knownAddresses: Record<string, { straatnaam: string; woonplaatsnaam: string; huisletter?: string; centroide_ll: string }[]> = {
  '1012LG|1': [{ straatnaam: 'Damrak', woonplaatsnaam: 'Amsterdam', centroide_ll: 'POINT(4.89 52.37)' }],
  '3511AB|12': [{ straatnaam: 'Oudegracht', woonplaatsnaam: 'Utrecht', centroide_ll: 'POINT(5.1214 52.0907)' }],
  '9711LV|5': [{ straatnaam: 'Grote Markt', woonplaatsnaam: 'Groningen', centroide_ll: 'POINT(6.5665 53.2194)' }],
  '2511AA|7': [
    { straatnaam: 'Spui', woonplaatsnaam: 'Den Haag', huisletter: 'A', centroide_ll: 'POINT(4.315 52.0789)' },
    { straatnaam: 'Spui', woonplaatsnaam: 'Den Haag', huisletter: 'B', centroide_ll: 'POINT(4.315 52.0789)' },
  ],
};

/** The postcode for which the fake answers 503, as PDOK does when it is down. */
export const pdokOutagePostcode = '9999ZZ';

export interface FakePdok {
  url: string;
  requests: URL[];
  close: () => Promise<void>;
}

/**
 * A local stand-in for the PDOK Locatieserver "free" search, in its documented
 * answer shape; it refuses unknown parameters as the real one does. Asked for the
 * postcode 9999 ZZ (`pdokOutagePostcode`) it answers 503, as a service that is down.
 */
export async function startFakePdok(port = 0): Promise<FakePdok> {
  const requests: URL[] = [];
  const server = await startFakeHttpServer(({ url }, { send }) => {
    requests.push(url);
    if (url.pathname !== '/bzk/locatieserver/search/v3_1/free') return send(404, { message: 'not found' });
    const allowed = new Set(['q', 'fq', 'fl', 'rows', 'start']);
    if ([...url.searchParams.keys()].some((k) => !allowed.has(k)) || !url.searchParams.get('fl')) return send(400, { message: 'bad request' });
    const match = (url.searchParams.get('q') ?? '').match(/postcode:(\S+) and huisnummer:(\S+)/);
    if (match?.[1] === pdokOutagePostcode) return send(503, { message: 'Service Unavailable' });
    const docs = (match ? (knownAddresses[`${match[1]}|${match[2]}`] ?? []) : []).map((d, i) => ({
      type: 'adres',
      weergavenaam: `${d.straatnaam} ${match?.[2]}${d.huisletter ?? ''}, ${match?.[1]} ${d.woonplaatsnaam}`,
      straatnaam: d.straatnaam,
      huisnummer: Number(match?.[2]),
      huisletter: d.huisletter,
      postcode: match?.[1],
      woonplaatsnaam: d.woonplaatsnaam,
      centroide_ll: d.centroide_ll,
      id: `adr-${i}`,
      score: 10,
    }));
    const rows = Number(url.searchParams.get('rows') ?? '10');
    send(200, { response: { numFound: docs.length, start: 0, maxScore: 10, numFoundExact: true, docs: docs.slice(0, rows) } });
  }, port);
  return { ...server, requests };
}
