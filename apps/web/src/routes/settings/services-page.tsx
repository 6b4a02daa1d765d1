import { useParams } from 'react-router';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { CourierSettings } from '../../features/couriers/courier-settings';
import { PlaceholderPage } from '../../ui/placeholder-page';
import { NotFoundPage } from '../not-found/not-found-page';

/** /settings/services/:type: link shops (shop) or couriers (courier). */
export function ServicesPage() {
  const { type } = useParams();
  if (type === 'shop') return <PlaceholderPage title={screenTitles.shopServices} />;
  if (type === 'courier') return <CourierSettings />;
  return <NotFoundPage inline />;
}
