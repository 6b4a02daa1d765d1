import { useCallback } from 'react';
import { shipmentTypeNames } from '@verzendhuis/domain/carriers-texts';
import { countryName } from '@verzendhuis/domain/countries';
import { useCourierClasses } from '../couriers/use-courier-settings';

/**
 * How the analytics show their keys: a carrier by the name of its class (GET courier/meta:
 * PostNL, DHL Parcel, Testvervoerder), a country by its Dutch name, a shipment type by the
 * carriers' shared names (Pakket, Brievenbuspakje); an unknown key as it is.
 */
export function useDimensionNames() {
  const classes = useCourierClasses();
  const carrier = useCallback((key: string) => classes.data?.find((c) => c.class === key)?.name ?? key, [classes.data]);
  const country = useCallback((key: string) => (key ? countryName(key) : ''), []);
  const shipmentType = useCallback((key: string) => (shipmentTypeNames as Record<string, string>)[key] ?? key, []);
  return { carrier, country, shipmentType };
}
