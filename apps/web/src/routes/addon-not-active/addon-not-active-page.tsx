import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { IconPuzzle } from '@tabler/icons-react';
import { addonTexts } from '@verzendhuis/domain/frame-texts';
import { formatEuros, planPageTexts } from '@verzendhuis/domain/plans';
import { paths } from '../../app/paths';
import { useOrganisation } from '../../features/account/use-current-user';
import { hasActiveAddon, isAddonCode, type AddonCode } from '../../features/addons/has-active-addon';
import { useEnableAddon } from '../../features/plans/plan-overview';
import { useAddons } from '../../features/plans/use-plans';
import { FullPageMessage } from '../../ui/full-page-message';

/** Long labels (the name with its price) wrap on a phone instead of widening the page. */
const wrapping = { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const } };

/** Where each add-on's screen is, when the page was not reached from one. */
const homeOf: Record<AddonCode, string> = { ANALYTICS: paths.analytics, ORDER_ITEM_SCAN: paths.scan };

/** The route that needed the add-on (`?from=` or the navigation's state): only a path of this app. */
function returnPath(from: unknown): string | null {
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/addon-not-active') ? from : null;
}

/**
 * /addon-not-active/:addon?: a route needed an add-on the organisation does not have. It
 * explains the add-on and enables it right here (after a confirmation), then goes on to
 * the route that needed it.
 */
export function AddonNotActivePage() {
  const { addon } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const organisation = useOrganisation();
  const addons = useAddons();
  const { enable, pending } = useEnableAddon();
  const code = isAddonCode(addon) ? addon : null;
  const offer = code ? addons.data?.find((a) => a.code === code) : undefined;
  const state: unknown = location.state;
  const target = returnPath(search.get('from')) ?? returnPath(state && typeof state === 'object' && 'from' in state ? state.from : null) ?? (code ? homeOf[code] : paths.plans);
  const active = code ? hasActiveAddon(organisation, code) : false;

  async function enableAndGo(period: 'month' | 'year') {
    if (!offer) return;
    if (await enable(offer, period)) void navigate(target, { replace: true });
  }

  return (
    <FullPageMessage
      inline
      icon={<IconPuzzle size={40} aria-hidden />}
      title={addonTexts.title}
      message={code ? addonTexts[code] : addonTexts.genericMessage}
      headingTestId="addon-not-active-heading"
      actions={
        <Stack gap="sm" align="center">
          {active ? (
            <Button component={Link} to={target} data-testid="addon-continue">
              {addonTexts.continue}
            </Button>
          ) : offer ? (
            <Stack gap="sm" w="100%">
              <Button fullWidth h="auto" py={8} styles={wrapping} onClick={() => void enableAndGo('month')} loading={pending} data-testid="addon-enable">
                {addonTexts.enable(offer.name, planPageTexts.perMonth(formatEuros(Math.round(Number(offer.monthly_price) * 100))))}
              </Button>
              <Button fullWidth h="auto" py={8} styles={wrapping} variant="default" onClick={() => void enableAndGo('year')} loading={pending} data-testid="addon-enable-year">
                {addonTexts.enableYear(planPageTexts.perYear(formatEuros(Math.round(Number(offer.yearly_price) * 100))))}
              </Button>
            </Stack>
          ) : null}
          <Button component={Link} to={paths.plans} variant="subtle" data-testid="addon-to-plans">
            {addonTexts.toPlans}
          </Button>
        </Stack>
      }
    />
  );
}
