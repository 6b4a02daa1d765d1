import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drawTestLabel } from '../src/documents/test-label';

export interface FakeDhl {
  url: string;
  logins: number;
  labels: { authorization: string | undefined; body: Record<string, unknown> }[];
  close: () => Promise<void>;
}

/**
 * A local DHL Parcel API in the documented shapes: API-key login for a token, then
 * labels. An orderReference with "TRAAG" never gets an answer, one with "FOUT" is
 * refused in DHL's error shape.
 */
export async function startFakeDhl(options: { userId: string; key: string }): Promise<FakeDhl> {
  const state: FakeDhl = { url: '', logins: 0, labels: [], close: async () => undefined };
  let tracker = 1000;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.url === '/authenticate/api-key' && req.method === 'POST') {
        if (body.userId !== options.userId || body.key !== options.key) return send(401, { key: 'UNAUTHORIZED', message: 'Invalid credentials' });
        state.logins += 1;
        return send(200, { accessToken: `token-${state.logins}`, accessTokenExpiration: Math.floor(Date.now() / 1000) + 900, refreshToken: 'refresh' });
      }
      if (req.url === '/labels' && req.method === 'POST') {
        state.labels.push({ authorization: req.headers.authorization, body });
        if (!String(req.headers.authorization ?? '').startsWith('Bearer token-')) return send(401, { message: 'Unauthorized' });
        const reference = String(body.orderReference ?? '');
        if (reference.includes('TRAAG')) {
          hanging.add(res);
          return;
        }
        if (reference.includes('FOUT')) return send(400, { key: 'INVALID_ADDRESS', message: 'Adres onbekend' });
        tracker += 1;
        const trackerCode = `JVGL0999${String(tracker).padStart(8, '0')}`;
        const receiver = body.receiver as { name: { lastName: string }; address: { street: string; number: string; postalCode: string; city: string; countryCode: string } };
        void drawTestLabel({
          trackingNumber: trackerCode,
          packageNumber: 1,
          packageCount: 1,
          weightGrams: 1000,
          shipmentTypeName: 'DHL',
          reference,
          sender: { name: 'Afzender', address_1: '', zipcode: '', city: '', country: 'NL' },
          receiver: { name: receiver.name.lastName, address_1: receiver.address.street, housenumber: receiver.address.number, zipcode: receiver.address.postalCode, city: receiver.address.city, country: receiver.address.countryCode },
        }).then((pdf) => send(200, { labelId: body.labelId, trackerCode, pdf: pdf.toString('base64') }));
        return;
      }
      send(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://localhost:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  };
  return state;
}
