import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { dashboardNoticeTexts } from '@verzendhuis/domain/frame-texts';
import { useAppConfig } from '../../app/use-app-config';
import { useOrganisation } from '../account/use-current-user';
import { useShops } from '../orders/use-shops';
import { dashboardNotices, type DashboardNotice } from './dashboard-notices';

const colorByLevel: Record<DashboardNotice['level'], string> = { error: 'red', warning: 'yellow', info: 'blue' };

const iconByLevel: Record<DashboardNotice['level'], ReactNode> = {
  error: <IconAlertCircle size={20} />,
  warning: <IconAlertTriangle size={20} />,
  info: <IconInfoCircle size={20} />,
};

export function DashboardNoticesList() {
  const organisation = useOrganisation();
  const shops = useShops();
  const { environment } = useAppConfig();
  const notices = dashboardNotices({ organisation, now: new Date(), shops: shops.data ?? [], directDebitRequired: environment === 'production' });
  if (notices.length === 0) return null;
  return (
    <Stack component="section" aria-label={dashboardNoticeTexts.regionLabel} gap="xs" data-testid="dashboard-notices">
      {notices.map((notice) => (
        <Alert
          key={notice.key ?? notice.id}
          color={colorByLevel[notice.level]}
          icon={iconByLevel[notice.level]}
          data-testid={`dashboard-notice-${notice.id}`}
        >
          <Text size="sm">
            {notice.message}{' '}
            {notice.link ? (
              <Anchor component={Link} to={notice.link.to} size="sm" fw={600}>
                {notice.link.label}
              </Anchor>
            ) : null}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
