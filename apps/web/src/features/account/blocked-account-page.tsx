import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { blockedAccountTexts, topBarTexts } from '@verzendhuis/domain/frame-texts';
import { useAuth } from '../../app/auth/use-auth';
import { FullPageMessage } from '../../ui/full-page-message';

/** Account spec §2: a blocked account sees only this message. */
export function BlockedAccountPage() {
  const { logout } = useAuth();
  return (
    <FullPageMessage
      icon={<IconLock size={40} aria-hidden />}
      title={blockedAccountTexts.title}
      message={blockedAccountTexts.message}
      headingTestId="blocked-account-heading"
      actions={
        <Button variant="default" onClick={() => void logout()}>
          {topBarTexts.logout}
        </Button>
      }
    />
  );
}
