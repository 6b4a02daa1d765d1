import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { useOrganisation } from '../account/use-current-user';
import { hasActiveAddon, type AddonCode } from './has-active-addon';

/**
 * A route that needs an add-on sends organisations without it to the addon-not-active page,
 * with the route in `?from=`, so that enabling it there goes on to where the user was going.
 */
export function RequireAddon({ addon, children }: { addon: AddonCode; children: ReactNode }) {
  const organisation = useOrganisation();
  const location = useLocation();
  if (!hasActiveAddon(organisation, addon)) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.addonNotActive(addon)}?from=${encodeURIComponent(from)}`} replace />;
  }
  return children;
}
