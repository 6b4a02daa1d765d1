import type { Shop } from '@verzendhuis/contract/shop';
import type { Organisation } from '@verzendhuis/contract/user';
import { dashboardNoticeTexts as texts } from '@verzendhuis/domain/frame-texts';
import { mandateNoticeTexts } from '@verzendhuis/domain/payments-texts';
import { trialDaysLeft } from '@verzendhuis/domain/organisation';
import { hasActiveRuleProblems } from '@verzendhuis/domain/shipping-rules';
import { shopNoticeTexts } from '@verzendhuis/domain/shops-texts';
import { paths } from '../../app/paths';

/** Account spec §9: the trial notice appears with 3 days or fewer left. */
export const trialWarningDays = 3;

export interface DashboardNotice {
  id:
    | 'incomplete'
    | 'shipment-logic'
    | 'no-plan'
    | 'overdue-payments'
    | 'account-manager'
    | 'direct-debit-missing'
    | 'mandate-validating'
    | 'mandate-error'
    | 'trial-ending'
    | 'shop-refresh';
  /** Tells apart notices of one kind (one per shop). */
  key?: string;
  level: 'error' | 'warning' | 'info';
  message: string;
  link?: { to: string; label: string };
}

/** The warnings at the top of the dashboard, in the order of account spec §2 Notifications. */
export function dashboardNotices({
  organisation,
  now,
  shops = [],
  directDebitRequired = false,
}: {
  organisation: Organisation;
  now: Date;
  shops?: readonly Shop[];
  /** In production a ready mandate is required for labels (account spec §4): a missing one is a notice. */
  directDebitRequired?: boolean;
}): DashboardNotice[] {
  const notices: DashboardNotice[] = [];
  if (organisation.status === 'incomplete') {
    notices.push({
      id: 'incomplete',
      level: 'warning',
      message: texts.incomplete,
      link: { to: paths.firstLogin, label: texts.incompleteLink },
    });
  }
  if (hasActiveRuleProblems(organisation.shipment_logic)) {
    notices.push({
      id: 'shipment-logic',
      level: 'error',
      message: texts.shipmentLogicErrors,
      link: { to: paths.shipmentLogic, label: texts.shipmentLogicErrorsLink },
    });
  }
  const plan = organisation.plan;
  if (!plan) {
    notices.push({
      id: 'no-plan',
      level: 'warning',
      message: texts.noPlan,
      link: { to: paths.plans, label: texts.noPlanLink },
    });
  }
  if (!organisation.can_create_labels) {
    notices.push({
      id: 'overdue-payments',
      level: 'error',
      message: texts.overduePayments,
      link: { to: paths.billing, label: texts.overduePaymentsLink },
    });
  }
  if (organisation.account_manager_action_required) {
    notices.push({ id: 'account-manager', level: 'error', message: texts.accountManager });
  }
  // The mandate (docs/billing.md): mandatory and missing (production only), being validated, or failed.
  const mandateLink = { to: paths.billingAndPayment, label: mandateNoticeTexts.link };
  const payment = organisation.payment;
  if (payment.status === null && payment.mandate_error) {
    notices.push({ id: 'mandate-error', level: 'error', message: mandateNoticeTexts.error, link: mandateLink });
  } else if (payment.status === null && directDebitRequired) {
    notices.push({ id: 'direct-debit-missing', level: 'error', message: mandateNoticeTexts.missing, link: mandateLink });
  } else if (payment.status === 'validating') {
    notices.push({ id: 'mandate-validating', level: 'info', message: mandateNoticeTexts.validating, link: mandateLink });
  }
  if (plan?.capabilities.trial) {
    const subscriptionTo = plan.subscription.to ? new Date(plan.subscription.to) : null;
    const days = trialDaysLeft({ subscriptionTo, now });
    if (days !== null && days <= trialWarningDays) {
      notices.push({
        id: 'trial-ending',
        level: days === 0 ? 'warning' : 'info',
        message: days === 0 ? texts.trialLastDay : texts.trialEnding(days),
        link: { to: paths.plansChange, label: texts.trialLink },
      });
    }
  }
  // A shop that refuses our credentials: one notice per shop, to its settings (account spec §2 Notifications).
  for (const shop of shops) {
    if (!shop.is_active || !shop.needs_refresh) continue;
    notices.push({
      id: 'shop-refresh',
      key: `shop-refresh-${shop.id}`,
      level: 'warning',
      message: shopNoticeTexts.refresh(shop.meta.name, shop.label),
      link: { to: paths.shopServices, label: shopNoticeTexts.refreshLink },
    });
  }
  return notices;
}
