import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { toastTitles } from '@verzendhuis/domain/frame-texts';

/** Account and orders specs §9: snackbars last 10 s. */
export const snackbarDurationMs = 10_000;
const toastDurationMs = 5_000;

/** What every toast shares for WCAG 2.1 AA: a named close button, and its text in gray 7 rather than Mantine's dimmed (3.3:1). */
const accessible = {
  closeButtonProps: { 'aria-label': toastTitles.close },
  styles: { description: { color: 'var(--mantine-color-gray-7)' } },
} as const;

export function showSuccessToast(message: string, title: string = toastTitles.success): void {
  notifications.show({ ...accessible, title, message, color: 'green', icon: <IconCheck size={18} />, autoClose: toastDurationMs });
}

export function showErrorToast(message: string, title: string = toastTitles.error): void {
  notifications.show({ ...accessible, title, message, color: 'red', icon: <IconX size={18} />, autoClose: toastDurationMs });
}

export function showWarningToast(message: string, title: string = toastTitles.warning): void {
  notifications.show({
    ...accessible,
    title,
    message,
    color: 'yellow',
    icon: <IconAlertTriangle size={18} />,
    autoClose: toastDurationMs,
  });
}

/** A short confirmation at the bottom of the screen, e.g. "Zending aangemaakt". */
export function showSnackbar(message: string): void {
  notifications.show({ ...accessible, message, color: 'dark', position: 'bottom-center', autoClose: snackbarDurationMs });
}
