import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@verzendhuis/contract/client';
import type { Label, LabelCreateResponse } from '@verzendhuis/contract/label';
import type { User } from '@verzendhuis/contract/user';
import { labelCreationTexts as texts } from '@verzendhuis/domain/labels-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { paths } from '../../app/paths';
import { useAppConfig } from '../../app/use-app-config';
import { queryKeys } from '../../app/query-keys';
import { markOwnChange } from '../../ui/data-table/own-changes';
import { openNoticeDialog } from '../../ui/notice-dialog';
import { showSuccessToast } from '../../ui/toasts';
import { ordersScope } from '../orders/use-orders-list';
import {
  labelIdsToPrint,
  latestExistingLabel,
  newIdempotencyKey,
  nextStep,
  refusalBeforeAsking,
  refusalOf,
  retryDecision,
  withoutOrders,
  type CreateError,
  type CreatedLabel,
} from './create-flow';
import {
  chooseForDuplicates,
  confirmNetworkRetry,
  confirmWarnings,
  openRefusalDialog,
  openResultDialog,
  type DuplicateOrder,
} from './creation-dialogs';
import { followLabelJob } from './label-job-queries';
import { labelsScope } from './use-labels-list';
import { usePrintLabels } from './use-print-labels';

/** What the flow needs of an order: its id, its number for the dialogs, and its labels so far. */
export interface LabelOrder {
  id: string;
  order_number: string | null;
  shipment_ids: readonly string[];
  /** Its packages, for the quota check (an order without packages makes one label). */
  shipment_packages?: number;
}

/** Rounds of the flow before it gives up (a forced request never answers with warnings). */
const maxRounds = 5;

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * Orders spec §4 "Label creation flow" for one or more orders:
 * 1. the pre-checks run on the server; a refusal opens its dialog (account spec §4);
 * 2. orders known to have labels already open the selection dialog first (existing,
 *    some of them, or new); an answer with duplicates the client did not know about
 *    opens the same dialog;
 * 3. other warnings ask for confirmation, duplicates already decided are forced;
 * 4. the new (and chosen existing) labels are downloaded with the label settings, the
 *    order and label lists reload, errors per order are listed, and a single-order
 *    flow opens the label page.
 * Every request has its own Idempotency-Key, kept when the same request is repeated
 * after a network failure.
 */
export function useCreateLabels() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { print, printing } = usePrintLabels();
  const config = useAppConfig();
  const [creating, setCreating] = useState(false);

  const findLabel = useCallback(
    async (orderId: string, knownShipmentIds?: readonly string[]): Promise<Label | null> => {
      const shipmentIds = knownShipmentIds ?? (await client.orders.get(orderId)).data.shipment_ids;
      return latestExistingLabel(shipmentIds, async (id) => {
        try {
          return (await client.labels.get(id)).data;
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      });
    },
    [client],
  );

  const send = useCallback(
    async (body: { order_ids: string[]; force: boolean }): Promise<LabelCreateResponse | null> => {
      const key = newIdempotencyKey();
      let failed = 0;
      for (;;) {
        try {
          return await client.labels.create(body, { idempotencyKey: key });
        } catch (error) {
          failed += 1;
          const decision = retryDecision(error, failed);
          if (decision.kind === 'fail') throw error;
          if (decision.kind === 'wait') await sleep(decision.ms);
          else if (await confirmNetworkRetry()) failed = 0;
          else return null;
        }
      }
    },
    [client],
  );

  const finish = useCallback(
    async ({ created, errors, existing, single }: { created: CreatedLabel[]; errors: CreateError[]; existing: string[]; single: boolean }) => {
      if (created.length > 0) {
        markOwnChange(ordersScope);
        markOwnChange(labelsScope);
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: queryKeys.labels });
      const labelIds = labelIdsToPrint(created, existing);
      if (labelIds.length > 0) await print(labelIds);
      if (errors.length > 0) openResultDialog({ created: created.length, errors });
      else if (created.length > 0) showSuccessToast(texts.created(created.length));
      const first = labelIds[0];
      if (single && first) await navigate(paths.label(first));
      return labelIds.length > 0;
    },
    [navigate, print, queryClient],
  );

  /** The pre-checks with the organisation as loaded and this month's count asked now; null when there is nothing to check with. */
  const refusalBeforeDialogs = useCallback(
    async (orders: readonly LabelOrder[]) => {
      const organisation = queryClient.getQueryData<User>(queryKeys.user)?.organisation;
      if (!organisation) return null;
      const { labels: used } = (await client.labels.counters()).data;
      return refusalBeforeAsking({ organisation, used, orders, production: config.environment === 'production' });
    },
    [client, config.environment, queryClient],
  );

  const create = useCallback(
    async (orders: readonly LabelOrder[], options: { single?: boolean } = {}): Promise<boolean> => {
      if (orders.length === 0) return false;
      const single = options.single ?? false;
      const toDuplicateOrder = (o: { order_id: string; order_number: string | null }): DuplicateOrder => ({
        orderId: o.order_id,
        orderNumber: o.order_number,
      });
      setCreating(true);
      try {
        let orderIds = orders.map((o) => o.id);
        let existing: string[] = [];
        let duplicatesDecided = false;
        let force = false;

        // Step 2 for what the client knows: orders that already have labels. Step 1 first:
        // the pre-checks, which the server would otherwise answer only after the dialog.
        const known = orders.filter((o) => o.shipment_ids.length > 0);
        if (known.length > 0) {
          const refusal = await refusalBeforeDialogs(orders);
          if (refusal) {
            openRefusalDialog(refusal, navigate);
            return false;
          }
          const choice = await chooseForDuplicates({
            orders: known.map((o) => toDuplicateOrder({ order_id: o.id, order_number: o.order_number })),
            otherOrders: orders.length - known.length,
            findLabel: (orderId) => findLabel(orderId, known.find((o) => o.id === orderId)?.shipment_ids),
          });
          if (!choice) return false;
          duplicatesDecided = true;
          if (choice.kind === 'existing') {
            existing = choice.labelIds;
            orderIds = withoutOrders(orderIds, choice.orderIds);
          }
        }

        for (let round = 0; round < maxRounds; round++) {
          if (orderIds.length === 0) return await finish({ created: [], errors: [], existing, single });
          const response = await send({ order_ids: orderIds, force });
          if (!response) return false;
          const step = nextStep(response, { duplicatesDecided });
          if (step.kind === 'finish') return await finish({ created: step.created, errors: step.errors, existing, single });
          if (step.kind === 'queued') {
            // The dashboard shows the progress and delivers the labels (with the existing ones chosen) when done.
            followLabelJob(queryClient, step.jobId, { existingLabelIds: existing });
            return true;
          }
          if (step.kind === 'force') {
            force = true;
          } else if (step.kind === 'confirm-warnings') {
            if (!(await confirmWarnings(step.warnings))) return false;
            force = true;
          } else {
            const choice = await chooseForDuplicates({
              orders: step.duplicates.map(toDuplicateOrder),
              otherOrders: orderIds.length - step.duplicates.length,
              findLabel: (orderId) => findLabel(orderId),
            });
            if (!choice) return false;
            duplicatesDecided = true;
            if (choice.kind === 'existing') {
              existing = [...existing, ...choice.labelIds];
              orderIds = withoutOrders(orderIds, choice.orderIds);
            }
            if (step.others.length > 0) {
              if (!(await confirmWarnings(step.others))) return false;
              force = true;
            } else if (choice.kind === 'new') {
              force = true;
            }
          }
        }
        openNoticeDialog();
        return false;
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) {
          openRefusalDialog(refusal, navigate);
        } else {
          handleUnexpectedError(error);
        }
        return false;
      } finally {
        setCreating(false);
      }
    },
    [findLabel, finish, navigate, queryClient, refusalBeforeDialogs, send],
  );

  return { create, busy: creating || printing };
}
