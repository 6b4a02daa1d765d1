import { labelStatusTexts } from '@verzendhuis/domain/labels-texts';

export type LabelStatusTone = 'success' | 'error' | 'warning' | 'info' | 'neutral';

/**
 * Orders spec §4: error shows as an error ("Leveringsfout"); ready, printed and
 * completed ("Bezorgd") as success; an unknown status text as "Onbekend". The spec
 * leaves the tone of the others open: shipped is on its way (info), delayed needs
 * attention (warning), canceled is over (neutral).
 */
const tones: Record<Exclude<keyof typeof labelStatusTexts, 'unknown'>, LabelStatusTone> = {
  ready: 'success',
  printed: 'success',
  completed: 'success',
  error: 'error',
  shipped: 'info',
  delayed: 'warning',
  canceled: 'neutral',
};

const isKnown = (status: string): status is keyof typeof tones => Object.hasOwn(tones, status);

export function labelStatusDisplay(status: string): { label: string; tone: LabelStatusTone } {
  if (!isKnown(status)) return { label: labelStatusTexts.unknown, tone: 'neutral' };
  return { label: labelStatusTexts[status], tone: tones[status] };
}

export const labelToneColor: Record<LabelStatusTone, string> = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
  neutral: 'gray',
};
