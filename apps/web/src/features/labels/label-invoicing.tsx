import { useState } from 'react';
import { Badge, Button, Card, Collapse, Group, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { InvoiceItem } from '@verzendhuis/contract/billing';
import { invoiceItemTypeText, labelScreenTexts as texts } from '@verzendhuis/domain/label-screens-texts';
import { displayValue } from './display-value';
import { formatEuro, invoiceTotal } from './label-action-rules';

/**
 * Orders spec §2.7: the collapsible price and invoicing table. Each invoice item
 * with its Dutch type name, its parts (description, unit price) and its total; the
 * sum of all items at the bottom. Closed at first: most visits are about the parcel.
 */
export function LabelInvoicing({ items }: { items: readonly InvoiceItem[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder padding="md" data-testid="label-invoicing">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {texts.invoicing}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          data-testid="label-invoicing-toggle"
        >
          {open ? texts.hideInvoicing : texts.showInvoicing}
        </Button>
      </Group>
      <Collapse expanded={open}>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" mt="sm" data-testid="label-invoicing-empty">
            {texts.noInvoiceItems}
          </Text>
        ) : (
          <Table mt="sm" withTableBorder verticalSpacing={6} data-testid="label-invoicing-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.description}</Table.Th>
                <Table.Th ta="right">{texts.unitPrice}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            {items.map((item) => (
              <Table.Tbody key={item.id} data-testid="label-invoice-item">
                <Table.Tr>
                  <Table.Td>
                    <Badge variant="light" data-testid="label-invoice-type">
                      {invoiceItemTypeText(item.type)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatEuro(item.total)}
                  </Table.Td>
                </Table.Tr>
                {item.parts.map((part) => (
                  <Table.Tr key={part.id}>
                    <Table.Td pl="xl">{displayValue(part.description)}</Table.Td>
                    <Table.Td ta="right">{formatEuro(part.unit_price)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            ))}
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{texts.total}</Table.Th>
                <Table.Th ta="right" data-testid="label-invoicing-total">
                  {formatEuro(invoiceTotal(items))}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        )}
      </Collapse>
    </Card>
  );
}
