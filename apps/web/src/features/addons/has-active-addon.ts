import type { Organisation } from '@verzendhuis/contract/user';

export type AddonCode = Organisation['active_addons'][number]['code'];

export const addonCodes: readonly AddonCode[] = ['ANALYTICS', 'ORDER_ITEM_SCAN'];

export function isAddonCode(value: string | undefined): value is AddonCode {
  return addonCodes.some((code) => code === value);
}

export function hasActiveAddon(organisation: Organisation, addon: AddonCode): boolean {
  return organisation.active_addons.some((active) => active.code === addon);
}
