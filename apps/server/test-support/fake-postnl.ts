import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drawTestLabel } from '../src/documents/test-label';

export interface FakePostnl {
  url: string;
  requests: { method: string; path: string; apikey: string | undefined; body: unknown }[];
  close: () => Promise<void>;
}

/**
 * A local PostNL in the documented shapes: barcodes, and labels with confirm=true.
 * A shipment whose Reference contains "TRAAG" never gets an answer (a timeout), one
 * with "FOUT" gets PostNL's error shape, a wrong apikey a 401.
 */
export async function startFakePostnl(options: { apikey: string }): Promise<FakePostnl> {
  const requests: FakePostnl['requests'] = [];
  let serial = 100_000_000;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body: unknown = raw ? JSON.parse(raw) : null;
      requests.push({ method: req.method ?? '', path: url.pathname, apikey: req.headers.apikey as string | undefined, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.apikey !== options.apikey) return send(401, { fault: { faultstring: 'Invalid ApiKey' } });
      if (url.pathname === '/shipment/v1_1/barcode') {
        serial += 1;
        return send(200, { Barcode: `3S${url.searchParams.get('CustomerCode')}${serial}` });
      }
      if (url.pathname === '/shipment/v2_2/label' && req.method === 'POST') {
        const shipment = (body as { Shipments: { Barcode: string; Reference: string; Addresses: { Name: string; Street: string; HouseNr: string; Zipcode: string; City: string; Countrycode: string }[]; Dimension: { Weight: number } }[] }).Shipments[0];
        if (!shipment) return send(400, { Errors: [{ Description: 'Geen zending' }] });
        if (shipment.Reference.includes('TRAAG')) {
          hanging.add(res);
          return;
        }
        if (shipment.Reference.includes('FOUT')) return send(400, { Errors: [{ Description: 'Ongeldige postcode' }] });
        const address = shipment.Addresses[0];
        void drawTestLabel({
          trackingNumber: shipment.Barcode,
          packageNumber: 1,
          packageCount: 1,
          weightGrams: shipment.Dimension.Weight,
          shipmentTypeName: 'PostNL',
          reference: shipment.Reference,
          sender: { name: 'Afzender', address_1: '', zipcode: '', city: '', country: 'NL' },
          receiver: { name: address?.Name ?? '', address_1: address?.Street ?? '', housenumber: address?.HouseNr, zipcode: address?.Zipcode ?? '', city: address?.City ?? '', country: address?.Countrycode ?? 'NL' },
        }).then((pdf) =>
          send(200, { ResponseShipments: [{ Barcode: shipment.Barcode, Labels: [{ Content: pdf.toString('base64'), Labeltype: 'Label', OutputType: 'PDF' }], Warnings: [] }] }),
        );
        return;
      }
      send(404, { Errors: [{ Description: 'Not found' }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
