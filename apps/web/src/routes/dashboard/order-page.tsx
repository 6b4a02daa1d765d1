import { useNavigate, useParams, useSearchParams } from 'react-router';
import { choicesFromQuery, choicesToQuery, readRememberedChoices, rememberChoices } from '../../features/order-form/duplicate-choices';
import { DuplicateDialog } from '../../features/order-form/duplicate-dialog';
import { duplicateValues } from '../../features/order-form/form-rules';
import { orderToValues } from '../../features/order-form/form-values';
import { OrderForm } from '../../features/order-form/order-form';
import { OrderLoadFailed } from '../../features/order-form/order-load-failed';
import { serverOnlyMessages } from '../../features/order-form/server-messages';
import { useOrder } from '../../features/order-form/use-order';
import { useCouriers } from '../../features/orders/use-couriers';
import { paths } from '../../app/paths';
import { LoadingScreen } from '../../ui/loading-screen';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/**
 * /dashboard/orders/:orderId: edit an order. With duplicate=1 it becomes a new
 * order; transferOrderNumber and transferShipmentSettings say what it keeps, and
 * without them a dialog asks (remembering the answer).
 */
export function OrderPage() {
  const { orderId } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const order = useOrder(orderId);
  const couriers = useCouriers();
  const duplicate = searchParams.get('duplicate') === '1';
  const scan = searchParams.get('scan') === '1';

  if (order.isPending || couriers.isPending) return <LoadingScreen inline />;
  if (order.isError) return <OrderLoadFailed error={order.error} onRetry={() => void order.refetch()} />;
  if (couriers.isError) return <OrderLoadFailed error={couriers.error} onRetry={() => void couriers.refetch()} />;

  if (duplicate) {
    const choices = choicesFromQuery(searchParams);
    if (!choices) {
      return (
        <DuplicateDialog
          initial={readRememberedChoices(storage())}
          onConfirm={(chosen) => {
            rememberChoices(storage(), chosen);
            setSearchParams((prev) => choicesToQuery(prev, chosen), { replace: true });
          }}
          onCancel={() => void navigate(paths.orders)}
        />
      );
    }
    return (
      <OrderForm
        key={`duplicate-${order.data.id}-${choices.transferOrderNumber}-${choices.transferShipmentSettings}`}
        mode="duplicate"
        initialValues={duplicateValues(orderToValues(order.data), choices, couriers.data)}
        couriers={couriers.data}
        scan={scan}
      />
    );
  }
  return (
    <OrderForm
      key={`${order.data.id}-${order.data.updated_at}`}
      mode="edit"
      orderId={order.data.id}
      initialValues={orderToValues(order.data)}
      couriers={couriers.data}
      serverMessages={serverOnlyMessages(order.data)}
      scan={scan}
      savedOrder={order.data}
    />
  );
}
