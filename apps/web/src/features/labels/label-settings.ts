/**
 * Orders spec §3 and §9, account spec §3: the label settings are a local preference,
 * `label_settings` = {mode: pdf | printer, format: a4 | a6}, by default pdf and a6.
 * The first-page position (A4 only) is not remembered: it starts at 1 and goes back
 * to 1 after each use, so a half-used sheet is never assumed twice.
 */
export const labelSettingsStorageKey = 'label_settings';

export const labelFormats = ['a4', 'a6'] as const;
export type LabelFormat = (typeof labelFormats)[number];
export const labelModes = ['pdf', 'printer'] as const;
export type LabelMode = (typeof labelModes)[number];

export interface LabelSettings {
  mode: LabelMode;
  format: LabelFormat;
}

export const defaultLabelSettings: LabelSettings = { mode: 'pdf', format: 'a6' };

export const startPositions = [1, 2, 3, 4] as const;
export type StartPosition = (typeof startPositions)[number];

type Reader = Pick<Storage, 'getItem'> | null;
type Writer = Pick<Storage, 'setItem'> | null;

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** The stored settings; anything missing or unreadable falls back to the default. */
export function readLabelSettings(storage: Reader): LabelSettings {
  return parseLabelSettings(safeGet(storage));
}

export function parseLabelSettings(raw: string | null): LabelSettings {
  if (!raw) return defaultLabelSettings;
  try {
    const parsed = JSON.parse(raw) as Partial<Record<keyof LabelSettings, unknown>> | null;
    if (typeof parsed !== 'object' || parsed === null) return defaultLabelSettings;
    return {
      mode: isOneOf(labelModes, parsed.mode) ? parsed.mode : defaultLabelSettings.mode,
      format: isOneOf(labelFormats, parsed.format) ? parsed.format : defaultLabelSettings.format,
    };
  } catch {
    return defaultLabelSettings;
  }
}

export function writeLabelSettings(storage: Writer, settings: LabelSettings): void {
  try {
    storage?.setItem(labelSettingsStorageKey, JSON.stringify({ mode: settings.mode, format: settings.format }));
  } catch {
    // A full or blocked storage only means the default applies next time.
  }
}

function safeGet(storage: Reader): string | null {
  try {
    return storage?.getItem(labelSettingsStorageKey) ?? null;
  } catch {
    return null;
  }
}

/** The `positions` of label/pdf: the start position on A4, nothing on A6 (one label per page). */
export function pdfPositions(format: LabelFormat, position: StartPosition): StartPosition | undefined {
  return format === 'a4' ? position : undefined;
}

/** The start position after labels were printed or downloaded: back to 1 when it was used (A4). */
export function positionAfterUse(format: LabelFormat, position: StartPosition): StartPosition {
  return format === 'a4' ? 1 : position;
}

/** Whether the print controls show the position chooser: only A4 has four positions. */
export function showsPositions(settings: Pick<LabelSettings, 'format'>): boolean {
  return settings.format === 'a4';
}

/** Printer mode prints only with a ready print client (connected, a printer selected); otherwise labels are downloaded. */
export function effectiveMode(settings: Pick<LabelSettings, 'mode'>, printClientReady: boolean): LabelMode {
  return settings.mode === 'printer' && printClientReady ? 'printer' : 'pdf';
}
