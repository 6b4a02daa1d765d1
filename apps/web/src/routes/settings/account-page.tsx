import { Navigate, useParams } from 'react-router';
import { accountTabTitles, screenTitles } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { isTab } from '../../app/tab-param';
import { AccountContactSettings } from '../../features/account/account-contact-settings';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/account/:tab?: account-and-contact (default), billing-and-payment, company. */
export function AccountPage() {
  const { tab = 'account-and-contact' } = useParams();
  if (!isTab(accountTabTitles, tab)) return <Navigate to={paths.settingsAccount} replace />;
  if (tab === 'account-and-contact') return <AccountContactSettings />;
  return <PlaceholderPage title={screenTitles.account} subtitle={accountTabTitles[tab]} />;
}
