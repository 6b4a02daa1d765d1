import { Grid, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { currencies } from '@verzendhuis/domain/order';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import type { OrderFormController } from './use-order-form';

const f = texts.fields;

/** Order: number, date, currency, and the shop's status (read-only) when the order has one. */
export function OrderSection({ ctl }: { ctl: OrderFormController }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="section-order">
      <Stack gap="sm">
        <Title order={2} size="h4" id="section-order">
          {texts.sections.order}
        </Title>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={f.order_number} {...ctl.bind('order_number')} autoComplete="off" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateTimePicker label={f.order_date} valueFormat="DD-MM-YYYY HH:mm" {...ctl.bind('order_date')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select label={f.currency} data={[...currencies]} allowDeselect={false} {...ctl.bind('currency')} />
          </Grid.Col>
          {ctl.values.order_status ? (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={f.order_status} value={ctl.values.order_status} readOnly variant="filled" />
            </Grid.Col>
          ) : null}
        </Grid>
      </Stack>
    </Paper>
  );
}
