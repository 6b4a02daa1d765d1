import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { loadOrCreateSecret } from '../auth/secrets';

/** Courier credentials at rest: AES-256-GCM with a key the server makes once (app_secrets). */
export interface SealedSettings extends Record<string, unknown> {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

export async function createSettingsCrypto(db: Database) {
  const key = Buffer.from(await loadOrCreateSecret<string>(db, 'courier_settings_key', async () => randomBytes(32).toString('base64')), 'base64');
  return {
    seal(settings: Record<string, unknown>): SealedSettings {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(settings), 'utf8'), cipher.final()]);
      return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
    },
    open(sealed: Record<string, unknown>): Record<string, unknown> {
      if (sealed.v !== 1) return {};
      const s = sealed as unknown as SealedSettings;
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(s.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(s.tag, 'base64'));
      return JSON.parse(Buffer.concat([decipher.update(Buffer.from(s.data, 'base64')), decipher.final()]).toString('utf8')) as Record<string, unknown>;
    },
  };
}

export type SettingsCrypto = Awaited<ReturnType<typeof createSettingsCrypto>>;
