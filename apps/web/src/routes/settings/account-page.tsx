import { Stack, Tabs, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { accountTabTitles, screenTitles } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { isTab } from '../../app/tab-param';
import { AccountContactSettings } from '../../features/account/account-contact-settings';
import { BillingSettings } from '../../features/account/billing-settings';
import { CompanySettings } from '../../features/account/company-settings';

const tabs = Object.keys(accountTabTitles) as (keyof typeof accountTabTitles)[];

/** /settings/account/:tab?: account-and-contact (default), billing-and-payment, company (docs/account.md). */
export function AccountPage() {
  const { tab = 'account-and-contact' } = useParams();
  const navigate = useNavigate();
  if (!isTab(accountTabTitles, tab)) return <Navigate to={paths.settingsAccount} replace />;
  return (
    <Stack gap="md">
      <Title order={1}>{screenTitles.account}</Title>
      <Tabs value={tab} onChange={(value) => value && navigate(`${paths.settingsAccount}/${value}`)} keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t} value={t} data-testid={`account-tab-${t}`}>
              {accountTabTitles[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            {t === 'account-and-contact' ? <AccountContactSettings /> : t === 'company' ? <CompanySettings /> : <BillingSettings />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
