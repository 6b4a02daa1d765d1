import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Label } from '@verzendhuis/contract/label';
import { labelScreenTexts as texts } from '@verzendhuis/domain/label-screens-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { paths } from '../../app/paths';
import { queryKeys } from '../../app/query-keys';
import { markOwnChange } from '../../ui/data-table/own-changes';
import { showSuccessToast } from '../../ui/toasts';
import { newIdempotencyKey, refusalOf } from './create-flow';
import { confirmWarnings, openRefusalDialog, openResultDialog } from './creation-dialogs';
import { labelsScope } from './use-labels-list';
import { usePrintLabels } from './use-print-labels';

/**
 * "Retourlabel maken" on the label page: order/label/create with is_return for the
 * label's order (orders spec §4). The pre-check refusals open their dialogs; a
 * warning (e.g. the order already has a return label) asks "Let op" and, confirmed,
 * is sent again with return_fallback and force as §4 says; a per-order refusal (the
 * §5 carrier and country rule) is listed. A new return label is printed with the
 * label settings and its page opened.
 */
export function useCreateReturnLabel() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { print } = usePrintLabels();
  const [creating, setCreating] = useState(false);

  const create = useCallback(
    async (label: Pick<Label, 'order_id'>): Promise<boolean> => {
      setCreating(true);
      try {
        let confirmed = false;
        for (;;) {
          const response = await client.labels.create(
            { order_ids: [label.order_id], is_return: true, return_fallback: confirmed, force: confirmed },
            { idempotencyKey: newIdempotencyKey() },
          );
          if (response.status === 'warning' && !confirmed) {
            if (!(await confirmWarnings(response.warnings))) return false;
            confirmed = true;
            continue;
          }
          markOwnChange(labelsScope);
          void queryClient.invalidateQueries({ queryKey: queryKeys.labels });
          if (response.errors.length > 0) openResultDialog({ created: response.data.length, errors: response.errors });
          const made = response.data[0];
          if (!made) return false;
          showSuccessToast(texts.returnLabelCreated);
          await print([made.id]);
          await navigate(paths.label(made.id));
          return true;
        }
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) openRefusalDialog(refusal, navigate);
        else handleUnexpectedError(error);
        return false;
      } finally {
        setCreating(false);
      }
    },
    [client, navigate, print, queryClient],
  );

  return { create, creating };
}
