import { Badge } from '@mantine/core';
import { labelStatusDisplay, labelToneColor } from './label-status';

/** A label's status as orders spec §4 shows it; never cut short in a narrow table column. */
export function LabelStatusBadge({ status }: { status: string }) {
  const display = labelStatusDisplay(status);
  return (
    <Badge color={labelToneColor[display.tone]} variant="light" miw="max-content" data-testid="label-status">
      {display.label}
    </Badge>
  );
}
