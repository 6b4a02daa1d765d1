import type { ReactNode } from 'react';
import { Button, Flex, Group } from '@mantine/core';

/**
 * A form's buttons, bottom right: cancel (off while sending) and submit (busy while sending).
 * A form with a second way to send puts that button between them (`children`) and says when
 * it is at work (`busy`: cancel and submit wait). `stackOnPhone` stacks them at full width
 * below the xs breakpoint, as in a dialog that is full-screen on a phone; the order stays the
 * same for the keyboard.
 */
export function FormActions({
  cancelLabel,
  onCancel,
  submitLabel,
  sending,
  submitTestId,
  children,
  busy = false,
  stackOnPhone = false,
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  sending: boolean;
  submitTestId?: string;
  children?: ReactNode;
  busy?: boolean;
  stackOnPhone?: boolean;
}) {
  const buttons = (
    <>
      <Button variant="default" onClick={onCancel} disabled={sending || busy}>
        {cancelLabel}
      </Button>
      {children}
      <Button type="submit" loading={sending} disabled={busy} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </>
  );
  return stackOnPhone ? (
    <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm">
      {buttons}
    </Flex>
  ) : (
    <Group justify="flex-end">{buttons}</Group>
  );
}
