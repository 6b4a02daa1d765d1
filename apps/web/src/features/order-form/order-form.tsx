import 'dayjs/locale/nl';
import '@mantine/dates/styles.css';
import { useNavigate } from 'react-router';
import { Badge, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { Courier } from '@verzendhuis/contract/courier';
import { printControlsTexts } from '@verzendhuis/domain/labels-texts';
import { orderStatusDisplay } from '@verzendhuis/domain/order';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { useCreateLabels } from '../labels/use-create-labels';
import { labelActionState, type SavedOrder } from './label-action';
import { colorByTone } from '../orders/order-status-badge';
import type { OrderFormValues } from './form-values';
import { OrderFormFooter } from './order-form-footer';
import { OrderLinesTable } from './order-lines-table';
import { OrderProblemsAlert } from './order-problems-alert';
import { OrderSection } from './order-section';
import { PackagesSection } from './packages-section';
import { RecipientSection } from './recipient-section';
import { ShipmentSection } from './shipment-section';
import { useOrderForm } from './use-order-form';
import { returnPath, useSaveOrder, type OrderFormMode } from './use-save-order';

/** Orders spec §9: locale nl, the week starts on Monday. */
const datesSettings = { locale: 'nl', firstDayOfWeek: 1 as const, weekendDays: [0, 6] as (0 | 6)[] };

/** Entries of the stored status_info that the domain rule does not make (shipping rules and the like). */
export type ServerMessage = { message: string; status: string };

/** Orders spec §2.8: the order form for a new, an existing and a duplicated order. */
export function OrderForm({
  mode,
  orderId,
  initialValues,
  couriers,
  serverMessages = [],
  scan = false,
  savedOrder,
}: {
  mode: OrderFormMode;
  orderId?: string;
  initialValues: OrderFormValues;
  couriers: readonly Courier[];
  serverMessages?: readonly ServerMessage[];
  scan?: boolean;
  /** The stored order (edit mode); a new or duplicated order has none yet. */
  savedOrder?: SavedOrder;
}) {
  const navigate = useNavigate();
  const ctl = useOrderForm({ initialValues, couriers, showAllProblems: mode !== 'create' });
  const { submit, saving } = useSaveOrder({ mode, orderId, scan, couriers, ctl });
  const labels = useCreateLabels();
  const labelState = labelActionState(mode === 'edit' ? savedOrder : undefined, ctl.form.isDirty());
  const status = orderStatusDisplay({ status: ctl.validation.status, errorStatus: null });
  const unplaced = [...(ctl.problems.get('') ?? []), ...serverMessages];
  return (
    <DatesProvider settings={datesSettings}>
      <form onSubmit={submit} noValidate data-testid="order-form">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={1}>{texts.titles[mode]}</Title>
            <Group gap="xs">
              <Badge size="lg" variant="light" color={colorByTone[status.tone]} data-testid="order-form-status">
                {ctl.validation.status === 'ready' ? texts.readyToShip : status.label}
              </Badge>
            </Group>
          </Group>
          {mode !== 'create' ? <OrderProblemsAlert messages={unplaced} /> : null}
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <RecipientSection ctl={ctl} />
            <Stack gap="md">
              <OrderSection ctl={ctl} />
              <ShipmentSection ctl={ctl} couriers={couriers} />
              <PackagesSection ctl={ctl} />
            </Stack>
          </SimpleGrid>
          <OrderLinesTable ctl={ctl} />
          <FormErrorAlerts errors={ctl.form.errors} shown={ctl.shows} />
          <OrderFormFooter
            saving={saving}
            onCancel={() => void navigate(returnPath(scan, orderId))}
            orderId={mode === 'edit' ? orderId : undefined}
            labelId={mode === 'edit' ? savedOrder?.shipment_ids.at(-1) : undefined}
            labelAction={{
              label: printControlsTexts.createLabel,
              onClick: () => savedOrder && void labels.create([savedOrder], { single: true }),
              loading: labels.busy,
              disabled: !labelState.enabled || saving,
              disabledReason: labelState.reason,
              testId: 'order-create-label',
            }}
          />
        </Stack>
      </form>
    </DatesProvider>
  );
}
