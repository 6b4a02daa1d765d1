import { Loader, Stack, Tabs, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { returnTabTitles, screenTitles } from '@verzendhuis/domain/frame-texts';
import { isTab } from '../../app/tab-param';
import { useCurrentUser } from '../../features/account/use-current-user';
import { ReturnAddressForm, ReturnPaymentForm, ReturnPortalForm } from '../../features/returns/return-settings-forms';
import { useReturnSettings } from '../../features/returns/use-return-settings';

const tabs = Object.keys(returnTabTitles) as (keyof typeof returnTabTitles)[];

/** /settings/return/:tab?: address (default), payment-methods, portal (docs/returns.md). */
export function ReturnSettingsPage() {
  const { tab = 'address' } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const settings = useReturnSettings();
  if (!isTab(returnTabTitles, tab)) return <Navigate to="/settings/return" replace />;
  return (
    <Stack gap="md">
      <Title order={1}>{screenTitles.returnSettings}</Title>
      <Tabs value={tab} onChange={(value) => value && navigate(`/settings/return/${value}`)} keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t} value={t} data-testid={`return-tab-${t}`}>
              {returnTabTitles[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            {!settings.data ? (
              <Loader size="sm" aria-label={returnTabTitles[t]} />
            ) : t === 'address' ? (
              <ReturnAddressForm settings={settings.data} organisation={user.organisation} />
            ) : t === 'payment-methods' ? (
              <ReturnPaymentForm settings={settings.data} />
            ) : (
              <ReturnPortalForm settings={settings.data} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
