import { ShipmentLogicSettings } from '../../features/shipment-logic/shipment-logic-settings';

/** /settings/shipmentlogic: the shipping rules (account spec §2). */
export function ShipmentLogicPage() {
  return <ShipmentLogicSettings />;
}
