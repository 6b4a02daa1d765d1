import { Navigate } from 'react-router';
import { paths } from '../../app/paths';
import { useOrganisation } from '../../features/account/use-current-user';
import { PlanOverview } from '../../features/plans/plan-overview';

/** /settings/plans: without a plan there is nothing to show but the choice of one. */
export function PlansPage() {
  const organisation = useOrganisation();
  if (!organisation.plan) return <Navigate to={paths.plansChange} replace />;
  return <PlanOverview />;
}
