import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../app/paths';
import { useOrganisation } from '../account/use-current-user';
import { hasActiveAddon, type AddonCode } from './has-active-addon';

/** A route that needs an add-on sends organisations without it to the addon-not-active page. */
export function RequireAddon({ addon, children }: { addon: AddonCode; children: ReactNode }) {
  const organisation = useOrganisation();
  if (!hasActiveAddon(organisation, addon)) return <Navigate to={paths.addonNotActive(addon)} replace />;
  return children;
}
