import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { globalErrorTexts } from '@verzendhuis/domain/frame-texts';

const noticeId = 'new-version';

/** Persistent until clicked; a click reloads the page with the new version. */
export function showNewVersionNotice(): void {
  notifications.show({
    id: noticeId,
    title: globalErrorTexts.newVersionTitle,
    message: globalErrorTexts.newVersionMessage,
    icon: <IconRefresh size={18} />,
    color: 'blue',
    autoClose: false,
    withCloseButton: false,
    role: 'button',
    tabIndex: 0,
    style: { cursor: 'pointer' },
    'data-testid': 'new-version-notice',
    onClick: () => window.location.reload(),
    onKeyDown: (event) => {
      if (event.key === 'Enter' || event.key === ' ') window.location.reload();
    },
  });
}
