import { PlanChange } from '../../features/plans/plan-change';

/** /settings/plans/change (docs/plans.md). */
export function PlansChangePage() {
  return <PlanChange />;
}
