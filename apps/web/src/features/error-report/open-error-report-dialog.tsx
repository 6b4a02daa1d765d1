import { modals } from '@mantine/modals';
import { errorReportTexts } from '@verzendhuis/domain/frame-texts';
import { ErrorReportDialogContent } from './error-report-dialog-content';

const modalId = 'error-report';
let open = false;

/** Opens "Er is een fout opgetreden"; while one is open, further errors do not stack dialogs. */
export function openErrorReportDialog({ error, route }: { error: unknown; route: string }): void {
  if (open) return;
  open = true;
  modals.open({
    modalId,
    title: errorReportTexts.title,
    size: 'lg',
    onClose: () => {
      open = false;
    },
    children: <ErrorReportDialogContent error={error} route={route} onDone={() => modals.close(modalId)} />,
  });
}
