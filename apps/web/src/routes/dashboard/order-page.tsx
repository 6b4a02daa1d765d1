import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /dashboard/orders/:orderId: edit an order. */
export function OrderPage() {
  return <PlaceholderPage title={screenTitles.orderEdit} />;
}
