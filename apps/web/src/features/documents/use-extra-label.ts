import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Label } from '@verzendhuis/contract/label';
import { documentTexts as texts, labelCreationTexts } from '@verzendhuis/domain/labels-texts';
import { NetworkError } from '@verzendhuis/contract/client';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { paths } from '../../app/paths';
import { queryKeys } from '../../app/query-keys';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { newIdempotencyKey, refusalOf } from '../labels/create-flow';
import { openRefusalDialog, openResultDialog } from '../labels/creation-dialogs';
import { usePrintLabels } from '../labels/use-print-labels';
import { extraLabelRequest } from './extra-label';

/**
 * "Extra label" (orders spec §2.8): another label of the same kind (outgoing or return)
 * for the label's order, asked for on purpose, so sent with force (the duplicate warning is the question already answered).
 * After a confirmation, because a label counts against the plan. The new label is
 * printed with the label settings and its page opens; refusals and per-order errors
 * use the label creation dialogs.
 */
export function useExtraLabel() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { print, printing } = usePrintLabels();
  const [creating, setCreating] = useState(false);

  const create = useCallback(
    async (label: Label): Promise<boolean> => {
      const confirmed = await openConfirmDialog({
        title: texts.extraLabelTitle,
        message: texts.extraLabelMessage(label.order_number, label.is_return),
        confirmLabel: texts.extraLabelConfirm,
      });
      if (!confirmed) return false;
      setCreating(true);
      try {
        const response = await client.labels.create(extraLabelRequest(label), { idempotencyKey: newIdempotencyKey() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.labels });
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
        const created = response.data[0];
        if (response.errors.length > 0 || !created) {
          openResultDialog({ created: response.data.length, errors: response.errors });
          return false;
        }
        await print([created.id]);
        showSuccessToast(labelCreationTexts.created(1));
        await navigate(paths.label(created.id));
        return true;
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) openRefusalDialog(refusal, navigate);
        else if (error instanceof NetworkError) showErrorToast(texts.extraLabelFailed);
        else handleUnexpectedError(error);
        return false;
      } finally {
        setCreating(false);
      }
    },
    [client, navigate, print, queryClient],
  );

  return { create, busy: creating || printing };
}
