import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './auth/require-auth';
import { RouteErrorScreen } from './errors/route-error-screen';
import { RootLayout } from './root-layout';
import { AppFrame } from '../features/frame/app-frame';
import { RequireAddon } from '../features/addons/require-addon';
import { RequireOperator } from '../features/support/require-operator';
import { AuthenticationPage } from '../routes/authentication/authentication-page';
import { DownPage } from '../routes/down/down-page';
import { NotFoundPage } from '../routes/not-found/not-found-page';
import * as screens from './screens';

/** The screens inside the frame: orders spec §2.1 and account spec §2. */
function frameRoutes({ scanEnabled }: { scanEnabled: boolean }): RouteObject[] {
  return [
    { index: true, element: <Navigate to="/dashboard" replace /> },
    { path: 'dashboard', element: <screens.DashboardPage /> },
    { path: 'dashboard/:activeTabName', element: <screens.DashboardPage /> },
    { path: 'dashboard/orders/create', element: <screens.OrderCreatePage /> },
    { path: 'dashboard/orders/:orderId', element: <screens.OrderPage /> },
    { path: 'dashboard/labels/:labelId', element: <screens.LabelPage /> },
    { path: 'dashboard/labels/:labelId/create-ticket', element: <screens.CreateTicketPage /> },
    { path: 'dashboard/*', element: <Navigate to="/dashboard" replace /> },
    { path: 'import', element: <screens.ImportPage /> },
    ...(scanEnabled
      ? [
          {
            path: 'scan/:id?',
            element: (
              <RequireAddon addon="ORDER_ITEM_SCAN">
                <screens.ScanPage />
              </RequireAddon>
            ),
          },
        ]
      : []),
    { path: 'settings', element: <Navigate to="/settings/account" replace /> },
    { path: 'settings/account/:tab?', element: <screens.AccountPage /> },
    { path: 'settings/branding', element: <screens.BrandingPage /> },
    { path: 'settings/printer', element: <screens.PrinterPage /> },
    { path: 'settings/address-book/:contactId?', element: <screens.AddressBookPage /> },
    { path: 'settings/return/:tab?', element: <screens.ReturnSettingsPage /> },
    { path: 'settings/tracking/:tab?', element: <screens.TrackingSettingsPage /> },
    { path: 'settings/tracking/email/:email', element: <screens.TrackingEmailPage /> },
    { path: 'settings/plans', element: <screens.PlansPage /> },
    { path: 'settings/plans/change', element: <screens.PlansChangePage /> },
    { path: 'settings/billing', element: <screens.BillingPage /> },
    { path: 'settings/services/:type', element: <screens.ServicesPage /> },
    { path: 'settings/shipmentlogic', element: <screens.ShipmentLogicPage /> },
    { path: 'settings/gdpr', element: <screens.GdprPage /> },
    { path: 'settings/invoices/:invoiceId', element: <screens.InvoicePage /> },
    { path: 'settings/tickets', element: <screens.TicketsPage /> },
    { path: 'settings/tickets/:ticketId', element: <screens.TicketPage /> },
    { path: 'settings/api-keys', element: <screens.ApiKeysPage /> },
    {
      path: 'support',
      element: <RequireOperator />,
      children: [
        { index: true, element: <screens.SupportInboxPage /> },
        { path: ':ticketId', element: <screens.SupportTicketPage /> },
      ],
    },
    {
      path: 'analytics/:tab?',
      element: (
        <RequireAddon addon="ANALYTICS">
          <screens.AnalyticsPage />
        </RequireAddon>
      ),
    },
    { path: 'addon-not-active/:addon?', element: <screens.AddonNotActivePage /> },
    // Unknown paths need login too, so that a logged-in user sees them inside the frame.
    { path: '*', element: <NotFoundPage inline /> },
  ];
}

export function createAppRouter({ scanEnabled }: { scanEnabled: boolean }) {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen fullPage />,
      children: [
        { path: 'down', element: <DownPage /> },
        { path: 'authentication', element: <AuthenticationPage /> },
        { path: 'onboard', element: <screens.OnboardPage /> },
        // The public return portal: no login (docs/returns.md).
        { path: 'retour/:slug', element: <screens.ReturnPortalPage /> },
        { path: 'retour/:slug/betaling/:id', element: <screens.ReturnPaymentPage /> },
        // The tracking e-mails' link: a consumer without login (docs/tracking-mail.md).
        { path: 'volg/:token', element: <screens.PublicTrackingPage /> },
        {
          element: <RequireAuth />,
          children: [
            { path: 'onboard/first-login', element: <screens.FirstLoginPage /> },
            {
              element: <AppFrame />,
              // A pathless child keeps the top bar when a screen fails.
              children: [{ errorElement: <RouteErrorScreen />, children: frameRoutes({ scanEnabled }) }],
            },
          ],
        },
      ],
    },
  ]);
}
