import type { CourierSettingsField } from '@verzendhuis/contract/courier';
import { carrierSettingsTexts as texts } from '@verzendhuis/domain/carriers-texts';

const secret = (name: string, label: string): CourierSettingsField => ({ name, label, type: 'password', required: true, secret: true, default: null });
const text = (name: string, label: string): CourierSettingsField => ({ name, label, type: 'text', required: true, secret: false, default: null });
const baseUrl = (fallback: string): CourierSettingsField => ({ name: 'base_url', label: texts.baseUrl, type: 'url', required: false, secret: false, default: fallback });

/**
 * The form of an own contract per courier class: what the class's `settingsSchema`
 * (carriers/<class>/adapter.ts) checks, with a Dutch label and whether it is a secret.
 * settings-fields.test.ts keeps both in step.
 */
export const settingsFieldsByClass: Record<string, CourierSettingsField[]> = {
  test: [],
  postnl: [secret('api_key', texts.apiKey), text('customer_code', texts.customerCode), text('customer_number', texts.customerNumber), baseUrl('https://api.postnl.nl')],
  dpd: [text('delis_id', texts.delisId), secret('password', texts.password), baseUrl('https://wsshipper.dpd.nl')],
  gls: [secret('subscription_key', texts.subscriptionKey), text('username', texts.username), secret('password', texts.password), text('customer_number', texts.customerNumber), baseUrl('https://api.gls.nl/V1/api')],
  ups: [text('client_id', texts.clientId), secret('client_secret', texts.clientSecret), text('account_number', texts.upsAccountNumber), baseUrl('https://onlinetools.ups.com')],
  bpost: [text('account_id', texts.bpostAccountId), secret('passphrase', texts.passphrase), baseUrl('https://shm-rest.bpost.cloud/services/shm')],
  dhl: [text('user_id', texts.userId), secret('api_key', texts.apiKey), text('account_id', texts.accountNumber), baseUrl('https://api-gw.dhlparcel.nl')],
};

export function settingsFieldsOf(courierClass: string): CourierSettingsField[] {
  return settingsFieldsByClass[courierClass] ?? [];
}

type FieldValue = string | number | boolean | null;

/** The stored settings a user may see again: everything but the secrets. */
export function visibleSettings(courierClass: string, settings: Record<string, unknown>): Record<string, FieldValue> {
  const visible: Record<string, FieldValue> = {};
  for (const field of settingsFieldsOf(courierClass)) {
    if (field.secret) continue;
    const value = settings[field.name];
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') visible[field.name] = value;
  }
  return visible;
}

/**
 * The settings an edit asks for: the stored ones, overwritten by what was sent. A secret
 * sent empty (or not sent) keeps the stored value, so the form never needs to show it.
 */
export function mergeSettings(courierClass: string, stored: Record<string, unknown>, sent: Record<string, unknown>): Record<string, unknown> {
  const secrets = new Set(settingsFieldsOf(courierClass).filter((f) => f.secret).map((f) => f.name));
  const merged: Record<string, unknown> = { ...stored };
  for (const [name, value] of Object.entries(sent)) {
    if (secrets.has(name) && (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))) continue;
    merged[name] = value;
  }
  return merged;
}
