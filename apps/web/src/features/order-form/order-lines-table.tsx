import { Button, Group, Paper, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import { OrderLineRow } from './order-line-row';
import type { OrderFormController } from './use-order-form';

const l = texts.lines;

/** The order lines: add and remove lines; the weight header explains the 31 kg extra costs. */
export function OrderLinesTable({ ctl }: { ctl: OrderFormController }) {
  const items = ctl.values.order_items;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="section-lines">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="section-lines">
            {texts.sections.lines}
          </Title>
          <Button variant="light" size="xs" leftSection={<IconPlus size={16} />} onClick={ctl.addItem} data-testid="add-line">
            {texts.addLine}
          </Button>
        </Group>
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {texts.noLines}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={1300}>
            <Table verticalSpacing={6} horizontalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{l.name}</Table.Th>
                  <Table.Th>{l.description}</Table.Th>
                  <Table.Th>{l.quantity}</Table.Th>
                  <Table.Th>{l.unit_price_inc_btw}</Table.Th>
                  <Table.Th>
                    <Tooltip label={l.weightTooltip} withArrow>
                      <Group gap={4} wrap="nowrap" tabIndex={0} data-testid="line-weight-header">
                        {l.weight}
                        <IconInfoCircle size={14} aria-hidden />
                      </Group>
                    </Tooltip>
                  </Table.Th>
                  <Table.Th>{l.sku}</Table.Th>
                  <Table.Th>{l.ean_code}</Table.Th>
                  <Table.Th>{l.hs_code}</Table.Th>
                  <Table.Th>{l.category}</Table.Th>
                  <Table.Th>{l.product_country}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{l.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item, index) => (
                  <OrderLineRow key={item.key} ctl={ctl} index={index} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
