import { createTheme, darken, defaultVariantColorsResolver, Loader, Modal, parseThemeColor, type CSSVariablesResolver, type VariantColorsResolver } from '@mantine/core';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';

/**
 * The light, outline and subtle variants (status badges, secondary buttons) write their text
 * in the colour's shade 6 by default: green, yellow, orange and gray at 6 are 2–3.5:1 on white
 * and on their own light background. Their text is shade 9 darkened by a quarter instead, at
 * least 5.5:1 for every Mantine colour on white and on the colour's light background (WCAG 2.1 AA).
 * Filled ones of another colour than the primary get shade 9 darkened a little under their white text.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const palette = parsed.isThemeColor && parsed.color !== 'dark' ? input.theme.colors[parsed.color] : undefined;
  if (!palette) return colors;
  // A light one with a shade of its own ("orange.9") would sit on that shade itself: on the colour's light background.
  if (input.variant === 'light') return { ...colors, background: `var(--mantine-color-${parsed.color}-light)`, hover: `var(--mantine-color-${parsed.color}-light-hover)`, color: darken(palette[9], 0.25) };
  if (input.variant === 'outline' || input.variant === 'subtle') return { ...colors, color: darken(palette[9], 0.25) };
  // A filled button or badge in another colour than the primary and without a shade of its own
  // (the red of a delete confirmation): shade 6 under white text is 2–3.5:1.
  if (input.variant === 'filled' && parsed.shade === undefined && parsed.color !== input.theme.primaryColor) {
    return { ...colors, background: darken(palette[9], 0.15), hover: darken(palette[9], 0.3), color: 'var(--mantine-color-white)' };
  }
  return colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'indigo',
  // Indigo 7 under white text is 5.0:1 (WCAG 2.1 AA); Mantine's default shade 6 is 4.3:1.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    // Every dialog's cross has a name (WCAG 4.1.2), also in the modals manager's dialogs, whose
    // own buttons may be called "Sluiten"; a dialog that sets its own name keeps it.
    // A loader with a name (aria-label) is a status: aria-label is not allowed on a plain span.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': dialogTexts.closeWindow } } }),
  },
});

/**
 * "dimmed" text (hints, counts, secondary lines) is gray 7 on light backgrounds: 7.5:1
 * on white and still AA on gray 0 and blue 0; Mantine's default gray 6 is 3.3:1 and fails
 * WCAG 2.1 AA wherever `c="dimmed"` is used. Field errors (and the placeholder of an input
 * in error) are red 9, 5.9:1 on white; Mantine's red 6 is 3.3:1. Links are indigo 9.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Links are indigo 9 (7.6:1 on white, 6:1 on an alert's light red): indigo 6 is 4.1:1 on light red.
    '--mantine-color-anchor': 'var(--mantine-color-indigo-9)',
  },
  dark: {},
});
