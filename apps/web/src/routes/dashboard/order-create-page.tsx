import { useSearchParams } from 'react-router';
import { newOrderValues } from '../../features/order-form/form-rules';
import { OrderForm } from '../../features/order-form/order-form';
import { OrderLoadFailed } from '../../features/order-form/order-load-failed';
import { useCouriers } from '../../features/orders/use-couriers';
import { LoadingScreen } from '../../ui/loading-screen';

/** /dashboard/orders/create: a new order, with the first active courier preselected. */
export function OrderCreatePage() {
  const couriers = useCouriers();
  const [searchParams] = useSearchParams();
  if (couriers.isPending) return <LoadingScreen inline />;
  if (couriers.isError) return <OrderLoadFailed error={couriers.error} onRetry={() => void couriers.refetch()} />;
  return (
    <OrderForm
      mode="create"
      initialValues={newOrderValues(couriers.data)}
      couriers={couriers.data}
      scan={searchParams.get('scan') === '1'}
    />
  );
}
