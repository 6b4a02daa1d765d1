import type { FastifyBaseLogger } from 'fastify';
import { shopLabelMaxLength, type Shop, type ShopClass, type ShopPatchBody, type ShopSyncResult } from '@verzendhuis/contract/shop';
import { AppError, validationError, type FieldErrors } from '@verzendhuis/domain/errors';
import { shopServerTexts as texts } from '@verzendhuis/domain/shops-texts';
import type { SettingsCrypto } from '../couriers/settings-crypto';
import type { OrderIntake } from '../orders/intake';
import { ShopError, type ShopAdapter, type ShopFulfilment, type ShopSettings } from './adapter';
import type { ShopRegistry } from './registry';
import type { ShopRepository, ShopRow } from './repository';

/** The part of the order intake (orders/intake.ts) a pull uses. */
export type ShopOrderIntake = Pick<OrderIntake, 'receive'>;

/** The intake key of a shop's order: one order per shop and external id, however often it is pulled. */
export function shopOrderKey(shopId: string, externalId: string): string {
  return `shop:${shopId}:${externalId}`;
}

/** How long one pull may take; a claim older than twice this was left by a crash. */
export const pullTimeoutMs = 5 * 60_000;

const notFound = () => new AppError({ type: 'not_found', messageCode: 'shop_not_found', message: texts.notFound });

/** Settings as the adapters take them: text values only. */
function asSettings(values: Record<string, unknown>): ShopSettings {
  const settings: ShopSettings = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') settings[name] = value.trim();
    else if (typeof value === 'number' || typeof value === 'boolean') settings[name] = String(value);
  }
  return settings;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** The checks every platform shares (required, URLs, a select's values), then the platform's own; errors under `fields.<name>`. */
function settingsErrors(adapter: ShopAdapter, settings: ShopSettings): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of adapter.definition.settingsFields) {
    const value = settings[field.name] ?? '';
    if (value === '') {
      if (field.required) errors[`fields.${field.name}`] = [texts.fieldRequired(field.label)];
    } else if (field.type === 'url' && !isWebUrl(value)) errors[`fields.${field.name}`] = [texts.urlInvalid];
  }
  for (const [name, messages] of Object.entries(adapter.checkSettings?.(settings) ?? {})) (errors[`fields.${name}`] ??= []).push(...messages);
  return errors;
}

/** The settings kept: only the platform's fields, a URL without its trailing slash. */
function keptSettings(adapter: ShopAdapter, settings: ShopSettings): ShopSettings {
  const kept: ShopSettings = {};
  for (const field of adapter.definition.settingsFields) {
    const value = settings[field.name];
    if (value !== undefined && value !== '') kept[field.name] = field.type === 'url' ? value.replace(/\/+$/, '') : value;
  }
  return kept;
}

function metaOf(adapter: ShopAdapter): Shop['meta'] {
  const d = adapter.definition;
  return { class: d.class, name: d.name, is_internal: false, order_fields: [], images: { mark: d.mark } };
}

/** Which form field a refusal of the shop is shown on. */
function refusalField(adapter: ShopAdapter, error: ShopError): string {
  const names = adapter.definition.settingsFields.map((f) => f.name);
  const preferred = error.kind === 'unauthorized' ? (adapter.definition.credentialsField ?? names.find((n) => n !== 'url')) : names.find((n) => n === 'url');
  return `fields.${preferred ?? names[0] ?? 'url'}`;
}

export interface ShopServiceDeps {
  repository: ShopRepository;
  registry: ShopRegistry;
  crypto: SettingsCrypto;
  intake: ShopOrderIntake;
  /** How long checking credentials with the shop may take. */
  verifyTimeoutMs: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export function createShopService(deps: ShopServiceDeps) {
  const { repository, registry, crypto } = deps;

  function openOrNull(sealed: Record<string, unknown>): ShopSettings | null {
    try {
      return asSettings(crypto.open(sealed));
    } catch {
      return null;
    }
  }

  function visibleFields(adapter: ShopAdapter, settings: ShopSettings): Shop['fields'] {
    const visible: Shop['fields'] = {};
    for (const field of adapter.definition.settingsFields) {
      const value = settings[field.name];
      if (field.type !== 'secret' && value !== undefined) visible[field.name] = value;
    }
    return visible;
  }

  function dto(row: ShopRow): Shop {
    const adapter = registry.get(row.serviceClass);
    const meta = adapter ? metaOf(adapter) : { class: row.serviceClass, name: row.serviceClass, is_internal: false, order_fields: [], images: { mark: `/shops/${row.serviceClass}.svg` } };
    return {
      id: row.id,
      service_class: row.serviceClass,
      is_active: row.isActive,
      label: row.label,
      meta,
      fields: adapter ? visibleFields(adapter, openOrNull(row.settings) ?? {}) : {},
      last_sync_at: row.lastSyncAt?.toISOString() ?? null,
      last_sync_count: row.lastSyncCount,
      last_sync_error: row.lastSyncError,
      needs_refresh: row.authFailedAt !== null,
    };
  }

  async function findOwn(organisationId: string, id: string): Promise<{ row: ShopRow; adapter: ShopAdapter }> {
    const row = await repository.for(organisationId).find(id);
    const adapter = row ? registry.get(row.serviceClass) : null;
    if (!row || !adapter) throw notFound();
    return { row, adapter };
  }

  /** Parses the settings with the platform's schema and checks them with the shop: the parsed settings or field errors. */
  async function checkWithShop(adapter: ShopAdapter, values: Record<string, unknown>): Promise<ShopSettings> {
    const settings = asSettings(values);
    const errors = settingsErrors(adapter, settings);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const kept = keptSettings(adapter, settings);
    try {
      await adapter.verify(kept, AbortSignal.timeout(deps.verifyTimeoutMs));
    } catch (error) {
      if (error instanceof ShopError) throw validationError({ [refusalField(adapter, error)]: [error.message] });
      throw error;
    }
    return kept;
  }

  /** The settings an edit asks for: the stored ones, overwritten by what was sent; an empty secret keeps the stored one. */
  function mergeSettings(adapter: ShopAdapter, stored: Record<string, unknown>, sent: Record<string, unknown>): Record<string, unknown> {
    const secrets = new Set(adapter.definition.settingsFields.filter((f) => f.type === 'secret').map((f) => f.name));
    const merged: Record<string, unknown> = { ...stored };
    for (const [name, value] of Object.entries(sent)) {
      if (secrets.has(name) && (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))) continue;
      merged[name] = value;
    }
    return merged;
  }

  function defaultLabel(adapter: ShopAdapter, settings: Record<string, unknown>): string {
    try {
      return `${adapter.definition.name} ${new URL(String(settings.url)).hostname}`.slice(0, shopLabelMaxLength);
    } catch {
      return adapter.definition.name;
    }
  }

  function checkLabel(label: string): string {
    const trimmed = label.trim();
    if (!trimmed) throw validationError({ label: [texts.labelRequired] });
    if (trimmed.length > shopLabelMaxLength) throw validationError({ label: [texts.labelTooLong(shopLabelMaxLength)] });
    return trimmed;
  }

  /** One pull of a claimed shop: the adapter reads the shop, the intake stores; the result is kept on the shop. */
  async function pullClaimed(organisationId: string, row: ShopRow, claimedAt: Date): Promise<ShopSyncResult> {
    const shops = repository.for(organisationId);
    const base = { shop_id: row.id, created: 0, updated: 0, skipped: 0, errors: [] as ShopSyncResult['errors'] };
    const fail = async (message: string, unauthorized: boolean): Promise<ShopSyncResult> => {
      await shops.finishSync(row.id, claimedAt, { ok: false, error: message, unauthorized }, new Date());
      return { ...base, status: 'failed', message };
    };
    const adapter = registry.get(row.serviceClass);
    if (!adapter) return fail(texts.classNotFound, false);
    const settings = openOrNull(row.settings);
    if (!settings) return fail(texts.settingsUnreadable, false);
    let pulled: Awaited<ReturnType<ShopAdapter['pull']>>;
    try {
      pulled = await adapter.pull(settings, Object.keys(row.syncState).length > 0 ? row.syncState : null, AbortSignal.timeout(pullTimeoutMs));
    } catch (error) {
      if (error instanceof ShopError) return fail(error.message, error.kind === 'unauthorized');
      deps.log?.warn({ err: error, shopId: row.id }, 'shop pull failed');
      return fail(texts.invalidResponse(adapter.definition.name), false);
    }
    const result = await deps.intake.receive(
      organisationId,
      pulled.orders.map((o) => ({ externalKey: shopOrderKey(row.id, o.externalId), body: o.body })),
      { source: 'shop', shopId: row.id },
    );
    const errors = result.outcomes.flatMap((o) => {
      if (o.outcome !== 'error') return [];
      const order = pulled.orders[o.index];
      const number = String((order?.body as { order_number?: unknown } | undefined)?.order_number ?? order?.externalId ?? '');
      const problems = Object.entries(o.fields).map(([field, messages]) => `${field}: ${messages.join(' ')}`).join('; ');
      return [{ external_id: order?.externalId ?? '', message: texts.orderRefused(number, problems) }];
    });
    const count = result.created + result.updated;
    const warning = errors.length > 0 ? errors.slice(0, 3).map((e) => e.message).join(' ') : null;
    await shops.finishSync(row.id, claimedAt, { ok: true, state: pulled.state, count, warning }, new Date());
    return { ...base, status: 'success', created: result.created, updated: result.updated, skipped: result.skipped, errors, message: warning };
  }

  /** Claims and pulls one shop; a shop another pull holds (or an inactive one) is skipped with why. */
  async function pull(organisationId: string, id: string): Promise<ShopSyncResult> {
    const claimedAt = new Date();
    const row = await repository.for(organisationId).claimSync(id, claimedAt, new Date(claimedAt.getTime() - 2 * pullTimeoutMs));
    if (!row) {
      const existing = await repository.for(organisationId).find(id);
      if (!existing) throw notFound();
      const message = existing.isActive ? texts.syncRunning : texts.notActive;
      return { shop_id: id, status: 'skipped', created: 0, updated: 0, skipped: 0, errors: [], message };
    }
    return pullClaimed(organisationId, row, claimedAt);
  }

  return {
    dto,

    /** shop/meta: every platform with the fields of its link. */
    classes(): ShopClass[] {
      return registry.all().map((a) => ({ ...metaOf(a), settings_fields: a.definition.settingsFields }));
    },

    async list(organisationId: string, page: { page: number; page_size: number }): Promise<{ rows: Shop[]; total: number }> {
      const { rows, total } = await repository.for(organisationId).list(page);
      return { rows: rows.map(dto), total };
    },

    async get(organisationId: string, id: string): Promise<Shop> {
      return dto((await findOwn(organisationId, id)).row);
    },

    /** shop/create: the settings checked with the platform's rules and then with the shop itself, then stored sealed. */
    async create(organisationId: string, body: { shop_class: string; label?: string | undefined; fields: Record<string, unknown> }): Promise<Shop> {
      const adapter = registry.get(body.shop_class);
      if (!adapter) throw new AppError({ type: 'not_found', messageCode: 'shop_class_not_found', message: texts.classNotFound });
      const label = body.label !== undefined ? checkLabel(body.label) : null;
      const settings = await checkWithShop(adapter, body.fields);
      const row = await repository.for(organisationId).create({ serviceClass: adapter.definition.class, label: label ?? defaultLabel(adapter, settings), settings: crypto.seal(settings) });
      return dto(row);
    },

    /** PATCH shop/{id}: rename, (de)activate, new settings (checked with the shop; an empty secret keeps the stored one). */
    async update(organisationId: string, id: string, patch: ShopPatchBody): Promise<Shop> {
      const { row, adapter } = await findOwn(organisationId, id);
      const values: { label?: string; isActive?: boolean; settings?: Record<string, unknown> } = {};
      if (patch.label !== undefined) values.label = checkLabel(patch.label);
      if (patch.fields !== undefined && Object.keys(patch.fields).length > 0) {
        const merged = mergeSettings(adapter, openOrNull(row.settings) ?? {}, patch.fields);
        values.settings = crypto.seal(await checkWithShop(adapter, merged));
      }
      if (patch.is_active !== undefined) values.isActive = patch.is_active;
      const updated = await repository.for(organisationId).update(id, values);
      if (!updated) throw notFound();
      return dto(updated);
    },

    /** shop/{id}/reset: the next pull reads every open order of the shop again (nothing is doubled: the intake updates). */
    async reset(organisationId: string, id: string): Promise<Shop> {
      await findOwn(organisationId, id);
      const row = await repository.for(organisationId).resetSync(id);
      if (!row) throw notFound();
      return dto(row);
    },

    /** POST update/{id}: pull one shop now. */
    async syncOne(organisationId: string, id: string): Promise<ShopSyncResult> {
      const { row } = await findOwn(organisationId, id);
      if (!row.isActive) throw new AppError({ type: 'usage', messageCode: 'shop_not_active', message: texts.notActive });
      const result = await pull(organisationId, id);
      if (result.status === 'skipped') throw new AppError({ type: 'usage', messageCode: 'shop_sync_running', message: texts.syncRunning });
      return result;
    },

    /** POST update: pull every active shop of the organisation now, one after the other. */
    async syncAll(organisationId: string): Promise<ShopSyncResult[]> {
      const results: ShopSyncResult[] = [];
      for (const shop of await repository.for(organisationId).listActive()) results.push(await pull(organisationId, shop.id));
      return results;
    },

    /** The scheduled pull: every active shop whose last pull is older than `intervalMs`, at most `limit`. */
    async syncDue(options: { now: Date; intervalMs: number; limit: number }): Promise<{ pulled: number; failed: number }> {
      const due = await repository.crossOrganisation.dueForSync(new Date(options.now.getTime() - options.intervalMs), options.limit);
      let failed = 0;
      for (const shop of due) {
        const result = await pull(shop.organisationId, shop.id);
        if (result.status === 'failed') failed++;
      }
      return { pulled: due.length, failed };
    },

    /**
     * onboard/restore of a shop: the link of this platform (or the one named) is checked with
     * the shop again; when its credentials work it is active again and needs no refresh.
     */
    async restore(organisationId: string, body: { service: string; id?: string | undefined }): Promise<{ id: string; label: string }> {
      const adapter = registry.get(body.service);
      if (!adapter) throw new AppError({ type: 'not_found', messageCode: 'shop_class_not_found', message: texts.classNotFound });
      const candidates = body.id ? [(await findOwn(organisationId, body.id)).row] : (await repository.for(organisationId).list({ page: 1, page_size: 100 })).rows;
      const shops = candidates.filter((r) => r.serviceClass === adapter.definition.class);
      const [first] = shops.sort((a, b) => Number(b.authFailedAt !== null) - Number(a.authFailedAt !== null) || Number(!b.isActive) - Number(!a.isActive));
      if (!first) throw notFound();
      const settings = openOrNull(first.settings);
      if (!settings) throw validationError({ fields: [texts.settingsUnreadable] });
      await checkWithShop(adapter, settings);
      const restored = await repository.for(organisationId).restore(first.id);
      if (!restored) throw notFound();
      return { id: restored.id, label: restored.label };
    },

    /**
     * The write-back after a label (called by the label flow): the shop hears of the
     * shipment. A refusal of the credentials marks the link for refreshing; the ShopError
     * goes to the caller, which keeps it as the label's warning.
     */
    async fulfil(organisationId: string, shopId: string, fulfilment: ShopFulfilment): Promise<void> {
      const { row, adapter } = await findOwn(organisationId, shopId);
      const settings = openOrNull(row.settings);
      if (!settings) throw new ShopError('unauthorized', texts.settingsUnreadable);
      try {
        await adapter.fulfil(settings, fulfilment, AbortSignal.timeout(deps.verifyTimeoutMs));
      } catch (error) {
        if (error instanceof ShopError && error.kind === 'unauthorized') await repository.for(organisationId).markUnauthorized(shopId, new Date());
        throw error;
      }
    },
  };
}

export type ShopService = ReturnType<typeof createShopService>;
