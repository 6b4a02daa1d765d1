import { MandatePanel } from '../payments/mandate-panel';

/** /settings/account/billing-and-payment: the direct-debit mandate (docs/billing.md, "Direct debit and payments"). */
export function BillingSettings() {
  return <MandatePanel />;
}
