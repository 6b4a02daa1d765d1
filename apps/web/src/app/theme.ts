import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Indigo 6 under white text is 4.3:1; shade 7 meets WCAG AA (5.0:1) on every filled button.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});
