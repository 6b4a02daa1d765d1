import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /dashboard/orders/create: a new order. */
export function OrderCreatePage() {
  return <PlaceholderPage title={screenTitles.orderCreate} />;
}
