import { Badge } from '@mantine/core';
import { labelStatusDisplay, labelToneColor } from './label-status';

/** A label's status as orders spec §4 shows it; never cut short in a narrow table column. Dark text on the light badge of its colour: Mantine's light text (even shade 9 of green) is under 4.5:1 at this size (WCAG 2.1 AA). */
export function LabelStatusBadge({ status }: { status: string }) {
  const display = labelStatusDisplay(status);
  const color = labelToneColor[display.tone];
  return (
    <Badge color={color} variant="light" c="dark.8" miw="max-content" data-testid="label-status">
      {display.label}
    </Badge>
  );
}
