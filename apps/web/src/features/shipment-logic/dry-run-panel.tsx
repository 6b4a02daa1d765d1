import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { countryName } from '@verzendhuis/domain/countries';
import { shipmentLogicPageTexts as texts } from '@verzendhuis/domain/shipping-rules-texts';
import { SimpleTable } from '../../ui/simple-table';
import { useCouriers } from '../orders/use-couriers';
import { useShipmentLogicDryRun } from './use-shipment-logic';
import { screenTitles } from '@verzendhuis/domain/frame-texts';

/** "Proefdraaien": which rule each of the last 50 orders would get now, with courier and shipment type. */
export function DryRunPanel() {
  const dryRun = useShipmentLogicDryRun();
  const couriers = useCouriers();
  const rows = dryRun.data;
  const typeName = (courierId: string | null, type: string | null) =>
    type ? (couriers.data?.find((c) => c.id === courierId)?.shipment_types.find((t) => t.id === type)?.name ?? type) : '–';
  const c = texts.dryRunColumns;
  return (
    <Stack gap="sm" component="section" aria-labelledby="dry-run-title">
      <Title order={2} size="h3" id="dry-run-title">
        {texts.dryRunTitle}
      </Title>
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="gray.7" maw={720}>
          {texts.dryRunIntro}
        </Text>
        <Button variant="default" onClick={() => dryRun.mutate()} loading={dryRun.isPending} data-testid="rule-dry-run">
          {texts.dryRunButton}
        </Button>
      </Group>
      {dryRun.isError ? <Alert color="red">{texts.dryRunFailed}</Alert> : null}
      {rows && rows.length === 0 ? <Text c="gray.7">{texts.dryRunEmpty}</Text> : null}
      {rows && rows.length > 0 ? (
        <SimpleTable
          label={screenTitles.shipmentLogic}
          minWidth={760}
          testId="dry-run-table"
          verticalSpacing="xs"
          columns={[c.order, c.name, c.country, c.rule, c.courier, c.shipmentType, c.result].map((label) => ({ label }))}
        >
              {rows.map((row) => (
                <Table.Tr key={row.order_id} data-testid="dry-run-row" data-order-id={row.order_id}>
                  <Table.Td>{row.order_number ?? texts.noOrderNumber}</Table.Td>
                  <Table.Td>{row.name ?? '–'}</Table.Td>
                  <Table.Td>{countryName(row.country)}</Table.Td>
                  <Table.Td data-testid="dry-run-rule">{row.failed_rule?.name ?? (row.rules.length > 0 ? row.rules.map((r) => r.name).join(' + ') : texts.dryRunNoRule)}</Table.Td>
                  <Table.Td data-testid="dry-run-courier">{row.courier_name ?? '–'}</Table.Td>
                  <Table.Td data-testid="dry-run-type">{typeName(row.courier_id, row.shipment_type)}</Table.Td>
                  <Table.Td>
                    {row.failed_rule ? (
                      <Badge color="red.9" variant="filled" title={row.failed_rule.problems.map((p) => p.message).join(' ')}>
                        {texts.dryRunProblem}
                      </Badge>
                    ) : row.ignored ? (
                      <Badge color="gray.7" variant="outline">
                        {texts.dryRunIgnored}
                      </Badge>
                    ) : row.rules.length > 0 ? (
                      <Badge color="indigo.8" variant="filled">
                        {texts.dryRunOk}
                      </Badge>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
        </SimpleTable>
      ) : null}
    </Stack>
  );
}
