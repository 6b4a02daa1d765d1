import { lazyScreen } from './lazy-screen';

// Every screen of the route tables is its own chunk, loaded on first visit.
export const DashboardPage = lazyScreen(() => import('../routes/dashboard/dashboard-page').then((m) => m.DashboardPage));
export const OrderCreatePage = lazyScreen(() => import('../routes/dashboard/order-create-page').then((m) => m.OrderCreatePage));
export const OrderPage = lazyScreen(() => import('../routes/dashboard/order-page').then((m) => m.OrderPage));
export const LabelPage = lazyScreen(() => import('../routes/dashboard/label-page').then((m) => m.LabelPage));
export const CreateTicketPage = lazyScreen(() =>
  import('../routes/dashboard/create-ticket-page').then((m) => m.CreateTicketPage),
);
export const ImportPage = lazyScreen(() => import('../routes/import/import-page').then((m) => m.ImportPage));
export const ScanPage = lazyScreen(() => import('../routes/scan/scan-page').then((m) => m.ScanPage));
export const AccountPage = lazyScreen(() => import('../routes/settings/account-page').then((m) => m.AccountPage));
export const BrandingPage = lazyScreen(() => import('../routes/settings/branding-page').then((m) => m.BrandingPage));
export const PrinterPage = lazyScreen(() => import('../routes/settings/printer-page').then((m) => m.PrinterPage));
export const AddressBookPage = lazyScreen(() =>
  import('../routes/settings/address-book-page').then((m) => m.AddressBookPage),
);
export const ReturnPortalPage = lazyScreen(() => import('../routes/return-portal/return-portal-page').then((m) => m.ReturnPortalPage));
export const ReturnPaymentPage = lazyScreen(() => import('../routes/return-portal/return-portal-page').then((m) => m.ReturnPaymentPage));
export const ReturnSettingsPage = lazyScreen(() =>
  import('../routes/settings/return-settings-page').then((m) => m.ReturnSettingsPage),
);
export const TrackingSettingsPage = lazyScreen(() =>
  import('../routes/settings/tracking-settings-page').then((m) => m.TrackingSettingsPage),
);
export const TrackingEmailPage = lazyScreen(() =>
  import('../routes/settings/tracking-email-page').then((m) => m.TrackingEmailPage),
);
export const PlansPage = lazyScreen(() => import('../routes/settings/plans-page').then((m) => m.PlansPage));
export const PlansChangePage = lazyScreen(() =>
  import('../routes/settings/plans-change-page').then((m) => m.PlansChangePage),
);
export const BillingPage = lazyScreen(() => import('../routes/settings/billing-page').then((m) => m.BillingPage));
export const ServicesPage = lazyScreen(() => import('../routes/settings/services-page').then((m) => m.ServicesPage));
export const ShipmentLogicPage = lazyScreen(() =>
  import('../routes/settings/shipment-logic-page').then((m) => m.ShipmentLogicPage),
);
export const GdprPage = lazyScreen(() => import('../routes/settings/gdpr-page').then((m) => m.GdprPage));
export const InvoicePage = lazyScreen(() => import('../routes/settings/invoice-page').then((m) => m.InvoicePage));
export const TicketsPage = lazyScreen(() => import('../routes/settings/tickets-page').then((m) => m.TicketsPage));
export const SupportInboxPage = lazyScreen(() => import('../routes/support/support-inbox-page').then((m) => m.SupportInboxPage));
export const SupportTicketPage = lazyScreen(() => import('../routes/support/support-ticket-page').then((m) => m.SupportTicketPage));
export const TicketPage = lazyScreen(() => import('../routes/settings/ticket-page').then((m) => m.TicketPage));
export const ApiKeysPage = lazyScreen(() => import('../routes/settings/api-keys-page').then((m) => m.ApiKeysPage));
export const AnalyticsPage = lazyScreen(() => import('../routes/analytics/analytics-page').then((m) => m.AnalyticsPage));
export const AddonNotActivePage = lazyScreen(() =>
  import('../routes/addon-not-active/addon-not-active-page').then((m) => m.AddonNotActivePage),
);
export const OnboardPage = lazyScreen(() => import('../routes/onboard/onboard-page').then((m) => m.OnboardPage));
export const FirstLoginPage = lazyScreen(() => import('../routes/onboard/first-login-page').then((m) => m.FirstLoginPage));
export const PublicTrackingPage = lazyScreen(() => import('../routes/public/public-tracking-page').then((m) => m.PublicTrackingPage));
