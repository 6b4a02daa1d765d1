import type { DuplicateChoices } from './form-rules';

/** Orders spec §3: the duplicate choices are a locally remembered preference. */
export const duplicateChoicesStorageKey = 'duplicate_choices';

const defaults: DuplicateChoices = { transferOrderNumber: false, transferShipmentSettings: true };

export function readRememberedChoices(storage: Pick<Storage, 'getItem'> | null): DuplicateChoices {
  try {
    const raw = storage?.getItem(duplicateChoicesStorageKey);
    if (!raw) return defaults;
    const parsed = JSON.parse(raw) as Partial<Record<keyof DuplicateChoices, unknown>>;
    return {
      transferOrderNumber: typeof parsed.transferOrderNumber === 'boolean' ? parsed.transferOrderNumber : defaults.transferOrderNumber,
      transferShipmentSettings:
        typeof parsed.transferShipmentSettings === 'boolean' ? parsed.transferShipmentSettings : defaults.transferShipmentSettings,
    };
  } catch {
    return defaults;
  }
}

export function rememberChoices(storage: Pick<Storage, 'setItem'> | null, choices: DuplicateChoices): void {
  try {
    storage?.setItem(duplicateChoicesStorageKey, JSON.stringify(choices));
  } catch {
    // A full or blocked storage only means the choice is asked again next time.
  }
}

/**
 * The choices the URL already makes (transferOrderNumber=1, transferShipmentSettings=1);
 * null when it makes none, so that the dialog asks.
 */
export function choicesFromQuery(params: URLSearchParams): DuplicateChoices | null {
  if (!params.has('transferOrderNumber') && !params.has('transferShipmentSettings')) return null;
  return {
    transferOrderNumber: params.get('transferOrderNumber') === '1',
    transferShipmentSettings: params.get('transferShipmentSettings') === '1',
  };
}

export function choicesToQuery(params: URLSearchParams, choices: DuplicateChoices): URLSearchParams {
  const out = new URLSearchParams(params);
  out.set('transferOrderNumber', choices.transferOrderNumber ? '1' : '0');
  out.set('transferShipmentSettings', choices.transferShipmentSettings ? '1' : '0');
  return out;
}
