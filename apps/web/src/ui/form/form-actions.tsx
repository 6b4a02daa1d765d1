import { Button, Group } from '@mantine/core';

/** A form's buttons, bottom right: cancel (off while sending) and submit (busy while sending). */
export function FormActions({
  cancelLabel,
  onCancel,
  submitLabel,
  sending,
  submitTestId,
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  sending: boolean;
  submitTestId?: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={sending}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={sending} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
