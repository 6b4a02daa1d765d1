import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierSettingsTexts } from '@verzendhuis/domain/carriers-texts';
import { request } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { createOutboundFetch, isNonPublicAddress, OutboundRefusedError } from './outbound';

// The app as in production: no ALLOW_PRIVATE_OUTBOUND.
const { server, first } = testServerForFile({ config: { env: { ALLOW_PRIVATE_OUTBOUND: '0' } }, organisations: [{}] });

/** A local web server: /ok answers, /redirect sends the caller to 127.0.0.2 (loopback too, but another address). */
let target: http.Server;
let port = 0;
beforeAll(async () => {
  target = http.createServer((req, res) => {
    if (req.url === '/redirect') return res.writeHead(302, { location: `http://127.0.0.2:${port}/ok` }).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  port = (target.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

describe('outbound calls to addresses users enter', () => {
  it('knows loopback, private, link-local and mapped addresses from public ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '100.64.0.1']) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '2606:4700::1111', '8.8.8.8']) expect(isNonPublicAddress(address), address).toBe(false);
  });

  it('refuses a loopback address, given as an address or as a name that resolves to it', async () => {
    const strict = createOutboundFetch({ allowPrivate: false });
    await expect(strict(`http://127.0.0.1:${port}/ok`)).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(strict(`http://localhost:${port}/ok`)).rejects.toSatisfy((error: unknown) => error instanceof OutboundRefusedError || (error as { cause?: unknown }).cause instanceof OutboundRefusedError);
    // ALLOW_PRIVATE_OUTBOUND: the same call goes through.
    expect((await createOutboundFetch({ allowPrivate: true })(`http://127.0.0.1:${port}/ok`)).status).toBe(200);
  });

  it('checks every redirect: a redirect to a refused address is refused', async () => {
    // Only 127.0.0.1 counts as public here, so that the proof stays on this machine.
    const outbound = createOutboundFetch({ allowPrivate: false, refuse: (address) => address !== '127.0.0.1' });
    const direct = await outbound(`http://127.0.0.1:${port}/ok`);
    expect(await direct.json()).toEqual({ ok: true });
    await expect(outbound(`http://127.0.0.1:${port}/redirect`)).rejects.toBeInstanceOf(OutboundRefusedError);
  });

  it('a PostNL contract with an API address on this machine is refused with a Dutch message, and nothing is stored', async () => {
    const linked = await request(server, {
      method: 'POST',
      path: '/api/courier/create',
      token: first.token,
      body: { courier_class: 'postnl', fields: { api_key: 'geheime-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: `http://127.0.0.1:${port}` } },
    });
    expect(linked.status).toBe(400);
    expect(linked.body.fields).toEqual({ 'fields.base_url': [carrierSettingsTexts.baseUrlNotPublic] });
    const couriers = (await first.api.couriers.list()).data;
    expect(couriers.some((c) => c.service_class === 'postnl')).toBe(false);
    expect(server.config.allowPrivateOutbound).toBe(false);
  });
});
