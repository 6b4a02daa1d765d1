import { useParams } from 'react-router';
import { CourierSettings } from '../../features/couriers/courier-settings';
import { ShopSettings } from '../../features/shops/shop-settings';
import { NotFoundPage } from '../not-found/not-found-page';

/** /settings/services/:type: link shops (shop) or couriers (courier). */
export function ServicesPage() {
  const { type } = useParams();
  if (type === 'shop') return <ShopSettings />;
  if (type === 'courier') return <CourierSettings />;
  return <NotFoundPage inline />;
}
