import { ActionIcon, NumberInput, Select, Table, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { countries } from '@verzendhuis/domain/countries';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import type { OrderFormController } from './use-order-form';

const countryOptions = countries.map((c) => ({ value: c.code, label: c.name }));
const l = texts.lines;

/** One order line; quantity and weight go through the weight-follow rule. */
export function OrderLineRow({ ctl, index }: { ctl: OrderFormController; index: number }) {
  const path = (field: string) => `order_items.${index}.${field}`;
  const label = (field: string) => texts.lineLabel(index + 1, field);
  const number = (field: 'quantity' | 'weight') => {
    const { onChange: _onChange, ...bound } = ctl.bind(path(field));
    return { ...bound, onChange: (value: number | string) => ctl.updateItem(index, { [field]: value }) };
  };
  return (
    <Table.Tr data-testid={`order-line-${index}`}>
      <Table.Td>
        <TextInput aria-label={label(l.name)} {...ctl.bind(path('name'))} size="xs" miw={140} />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={label(l.description)} {...ctl.bind(path('description'))} size="xs" miw={160} />
      </Table.Td>
      <Table.Td>
        <NumberInput aria-label={label(l.quantity)} {...number('quantity')} min={1} allowDecimal={false} allowNegative={false} size="xs" w={80} />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={label(l.unit_price_inc_btw)}
          {...ctl.bind(path('unit_price_inc_btw'))}
          min={0}
          decimalScale={2}
          decimalSeparator=","
          allowNegative={false}
          size="xs"
          w={110}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput aria-label={label(l.weight)} {...number('weight')} min={0} allowDecimal={false} allowNegative={false} size="xs" w={100} />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={label(l.sku)} {...ctl.bind(path('sku'))} size="xs" miw={90} />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={label(l.ean_code)} {...ctl.bind(path('ean_code'))} size="xs" miw={120} inputMode="numeric" />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={label(l.hs_code)} {...ctl.bind(path('hs_code'))} size="xs" miw={90} />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={label(l.category)} {...ctl.bind(path('category'))} size="xs" miw={110} />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={label(l.product_country)}
          data={countryOptions}
          searchable
          clearable
          nothingFoundMessage={texts.countryNotFound}
          {...ctl.bind(path('product_country'))}
          size="xs"
          miw={150}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label={texts.removeLine(index + 1)} onClick={() => ctl.removeItem(index)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
