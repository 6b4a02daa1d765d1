import { Card, Table, Text, Title } from '@mantine/core';
import type { OrderItem } from '@verzendhuis/contract/order';
import { labelDetailTexts } from '@verzendhuis/domain/labels-texts';
import { labelScreenTexts as texts } from '@verzendhuis/domain/label-screens-texts';
import { displayValue } from './display-value';
import { formatAmount } from './label-action-rules';

/** Orders spec §2.7: the order lines of the label's order; empty values as a dash. */
/** The table's scrolling part takes the keyboard focus, so a narrow screen scrolls it with the arrow keys (WCAG 2.1 AA). */
const scrollable = { viewportProps: { tabIndex: 0, 'aria-label': texts.orderLines } };

export function LabelOrderLines({ items }: { items: readonly OrderItem[] }) {
  const columns = texts.lineColumns;
  return (
    <Card withBorder padding="md" data-testid="label-order-lines">
      <Title order={2} size="h4" mb="sm">
        {texts.orderLines}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="gray.7" data-testid="label-order-lines-empty">
          {texts.noOrderLines}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} scrollAreaProps={scrollable}>
          <Table withTableBorder verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{columns.quantity}</Table.Th>
                <Table.Th>{columns.name}</Table.Th>
                <Table.Th>{columns.sku}</Table.Th>
                <Table.Th>{columns.ean}</Table.Th>
                <Table.Th ta="right">{columns.weight}</Table.Th>
                <Table.Th ta="right">{columns.price}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id} data-testid="label-order-line">
                  <Table.Td>{item.quantity}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.name}</Text>
                    {item.description ? (
                      <Text size="xs" c="dimmed">
                        {item.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{displayValue(item.sku)}</Table.Td>
                  <Table.Td>{displayValue(item.ean_code)}</Table.Td>
                  <Table.Td ta="right">{item.weight === null ? labelDetailTexts.empty : labelDetailTexts.grams(item.weight)}</Table.Td>
                  <Table.Td ta="right">{formatAmount(item.unit_price_inc_btw)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
