import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/shipmentlogic: shipping rules. */
export function ShipmentLogicPage() {
  return <PlaceholderPage title={screenTitles.shipmentLogic} />;
}
