import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema';

/** Returns the stored secret, or makes it once; concurrent first starts agree on one value. */
export async function loadOrCreateSecret<T>(db: Database, name: string, make: () => Promise<T>): Promise<T> {
  const existing = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (existing[0]) return existing[0].value as T;
  await db.insert(appSecrets).values({ name, value: await make() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value as T;
}

export interface ProviderSecrets {
  signingKey: JWK;
  cookieKeys: string[];
}

export async function loadProviderSecrets(db: Database): Promise<ProviderSecrets> {
  const signingKey = await loadOrCreateSecret<JWK>(db, 'oidc_signing_key', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, alg: 'ES256', use: 'sig', kid: randomBytes(8).toString('hex') };
  });
  const cookieKeys = await loadOrCreateSecret<string[]>(db, 'oidc_cookie_keys', async () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { signingKey, cookieKeys };
}

export function publicJwk(privateJwk: JWK): JWK {
  const { d: _d, ...rest } = privateJwk;
  return rest;
}
