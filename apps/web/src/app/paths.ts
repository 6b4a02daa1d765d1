/** Paths the frame links to; the route table itself lives in router.tsx. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  down: '/down',
  authentication: '/authentication',
  onboard: '/onboard',
  firstLogin: '/onboard/first-login',
  settings: '/settings',
  settingsAccount: '/settings/account',
  plans: '/settings/plans',
  plansChange: '/settings/plans/change',
  billing: '/settings/billing',
  tickets: '/settings/tickets',
  analytics: '/analytics',
  scan: '/scan',
  addonNotActive: (addon: string): string => `/addon-not-active/${encodeURIComponent(addon)}`,
} as const;
