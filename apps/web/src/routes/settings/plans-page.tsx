import { Navigate } from 'react-router';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { useOrganisation } from '../../features/account/use-current-user';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/plans: without a plan there is nothing to show but the choice of one. */
export function PlansPage() {
  const organisation = useOrganisation();
  if (!organisation.plan) return <Navigate to={paths.plansChange} replace />;
  return <PlaceholderPage title={screenTitles.plans} />;
}
