import { Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { Label } from '@verzendhuis/contract/label';
import { labelMarkerTexts, labelScreenTexts as texts, paymentMethodText, returnReasonText, type LabelMarker } from '@verzendhuis/domain/label-screens-texts';
import { labelDetailTexts } from '@verzendhuis/domain/labels-texts';

const markerText = (marker: string | null): string =>
  marker && Object.hasOwn(labelMarkerTexts, marker) ? labelMarkerTexts[marker as LabelMarker] : (marker ?? labelDetailTexts.empty);

/** Orders spec §2.6 and §2.7: on a return label its marker, who pays, and the reasons the consumer gave. */
export function LabelReturnInfo({ label }: { label: Label }) {
  const reasons = label.reason_retour ?? [];
  const itemName = (id: string | null | undefined) => (id ? label.order_items.find((i) => i.id === id)?.name : undefined);
  return (
    <Card withBorder padding="md" data-testid="label-return-info">
      <Title order={2} size="h4" mb="sm">
        {texts.returnInfo}
      </Title>
      <Stack gap={6}>
        <Group gap="xs">
          <Text size="sm" c="dimmed" w={140}>
            {texts.marker}
          </Text>
          <Text size="sm" data-testid="label-return-marker">
            {markerText(label.marker)}
          </Text>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed" w={140}>
            {texts.payment}
          </Text>
          <Text size="sm" data-testid="label-return-payment">
            {paymentMethodText(label.payment)}
          </Text>
        </Group>
        <Text size="sm" fw={600} mt="xs">
          {texts.returnReasons}
        </Text>
        {reasons.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="label-return-reasons-empty">
            {texts.noReturnReasons}
          </Text>
        ) : (
          <List size="sm" spacing={4} data-testid="label-return-reasons">
            {reasons.map((r, index) => (
              <List.Item key={`${r.reason}-${index}`}>
                {[itemName(r.item_id), returnReasonText(r.reason), r.comment].filter(Boolean).join(' – ')}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
