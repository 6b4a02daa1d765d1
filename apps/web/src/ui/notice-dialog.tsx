import { modals } from '@mantine/modals';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';
import { NoticeDialogBody } from './notice-dialog-body';

export interface NoticeDialogOptions {
  title?: string;
  message?: string;
  /** Technical details, shown behind "Details weergeven". */
  details?: string;
}

/** A message the user only acknowledges; without texts it is the generic "Er ging iets mis". */
export function openNoticeDialog({ title, message, details }: NoticeDialogOptions = {}): string {
  const modalId = `notice-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  modals.open({
    modalId,
    title: title || dialogTexts.genericTitle,
    children: (
      <NoticeDialogBody
        message={message || dialogTexts.genericMessage}
        details={details}
        onClose={() => modals.close(modalId)}
      />
    ),
  });
  return modalId;
}
