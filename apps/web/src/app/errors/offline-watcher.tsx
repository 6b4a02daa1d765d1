import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { IconWifiOff } from '@tabler/icons-react';
import { globalErrorTexts } from '@verzendhuis/domain/frame-texts';

const noticeId = 'offline';

/** Account spec §4: a persistent warning while offline; back online the app reloads its data. */
export function OfflineWatcher() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onOffline = () =>
      notifications.show({
        id: noticeId,
        title: globalErrorTexts.offlineTitle,
        message: globalErrorTexts.offlineMessage,
        icon: <IconWifiOff size={18} />,
        color: 'yellow',
        autoClose: false,
        withCloseButton: false,
        'data-testid': 'offline-notice',
      });
    const onOnline = () => {
      notifications.hide(noticeId);
      // Reinitialise: configuration, user and every screen's data are fetched again.
      void queryClient.invalidateQueries();
    };
    if (!navigator.onLine) onOffline();
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);

  return null;
}
