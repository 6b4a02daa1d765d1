import { Accordion, Table, Text } from '@mantine/core';
import type { CourierClass } from '@verzendhuis/contract/courier';
import { courierSettingsTexts as texts } from '@verzendhuis/domain/couriers-texts';
import { useLabelPrices } from './use-courier-settings';

const euro = (value: string) => `€ ${value.replace('.', ',')}`;
const kg = (grams: number) => `${(grams / 1000).toLocaleString('nl-NL')} kg`;

/** label-price/: what a label via Verzendhuis costs; shown only when there are such contracts. */
export function LabelPriceTable({ classes }: { classes: readonly CourierClass[] }) {
  const prices = useLabelPrices();
  if (!prices.data || prices.data.length === 0) return null;
  const className = (id: string) => classes.find((c) => c.class === id)?.name ?? id;
  const typeName = (courierClass: string, type: string) => classes.find((c) => c.class === courierClass)?.shipment_types.find((t) => t.id === type)?.name ?? type;
  return (
    <Accordion variant="contained">
      <Accordion.Item value="prices">
        <Accordion.Control data-testid="label-prices-toggle">{texts.prices}</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" c="dimmed" mb="sm">
            {texts.pricesIntro}
          </Text>
          <Table.ScrollContainer minWidth={600}>
            <Table striped data-testid="label-prices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{texts.priceColumns.courier}</Table.Th>
                  <Table.Th>{texts.priceColumns.type}</Table.Th>
                  <Table.Th>{texts.priceColumns.zone}</Table.Th>
                  <Table.Th>{texts.priceColumns.weight}</Table.Th>
                  <Table.Th>{texts.priceColumns.option}</Table.Th>
                  <Table.Th ta="right">{texts.priceColumns.price}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {prices.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{className(row.courier_class)}</Table.Td>
                    <Table.Td>{typeName(row.courier_class, row.shipment_type)}</Table.Td>
                    <Table.Td>{texts.zones[row.zone] ?? row.zone}</Table.Td>
                    <Table.Td>{row.max_weight === null ? '' : kg(row.max_weight)}</Table.Td>
                    <Table.Td>{row.option === null ? '' : row.description}</Table.Td>
                    <Table.Td ta="right">{euro(row.unit_price)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
