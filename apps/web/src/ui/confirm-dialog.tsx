import type { ReactNode } from 'react';
import type { MantineColor } from '@mantine/core';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';

export type ConfirmDialogType = 'primary' | 'danger' | 'warning' | 'info';

const colorByType: Record<ConfirmDialogType, MantineColor | undefined> = {
  primary: undefined,
  danger: 'red',
  warning: 'orange',
  info: 'blue',
};

export interface ConfirmDialogOptions {
  title: string;
  message: ReactNode;
  type?: ConfirmDialogType;
  confirmLabel?: string;
  cancelLabel?: string;
}

/**
 * Asks the user to confirm; resolves to true on confirm and false on cancel or close.
 * The cancel button has the focus, so Enter never confirms by accident.
 */
export function openConfirmDialog({
  title,
  message,
  type = 'primary',
  confirmLabel = dialogTexts.confirm,
  cancelLabel = dialogTexts.cancel,
}: ConfirmDialogOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (confirmed: boolean) => {
      if (settled) return;
      settled = true;
      resolve(confirmed);
    };
    modals.openConfirmModal({
      title,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: { color: colorByType[type], 'data-testid': 'confirm-dialog-confirm' },
      cancelProps: { variant: 'default', 'data-autofocus': true, 'data-testid': 'confirm-dialog-cancel' },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
