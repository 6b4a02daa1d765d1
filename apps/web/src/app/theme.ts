import { createTheme, Modal, type CSSVariablesResolver } from '@mantine/core';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';

export const theme = createTheme({
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
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': dialogTexts.closeWindow } } }),
  },
});

/**
 * "dimmed" text (hints, counts, secondary lines) is gray 7 on light backgrounds: 7.5:1
 * on white and still AA on gray 0 and blue 0; Mantine's default gray 6 is 3.3:1 and fails
 * WCAG 2.1 AA wherever `c="dimmed"` is used. Field errors (and the placeholder of an input
 * in error) are red 9, 5.9:1 on white; Mantine's red 6 is 3.3:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
