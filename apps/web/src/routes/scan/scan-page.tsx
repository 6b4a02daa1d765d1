import { useParams } from 'react-router';
import { ScanStation } from '../../features/scan/scan-station';

/** /scan/:id?: item scan page, only when the configuration enables it; the route guard checks the ORDER_ITEM_SCAN add-on. */
export function ScanPage() {
  const { id } = useParams();
  return <ScanStation orderId={id} />;
}
