import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Label } from '@verzendhuis/contract/label';
import { labelActionTexts as texts, type LabelMarker } from '@verzendhuis/domain/label-screens-texts';
import { bulkTrackTexts } from '@verzendhuis/domain/tracking-history';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { queryKeys } from '../../app/query-keys';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { markOwnChange } from '../../ui/data-table/own-changes';
import { showErrorToast, showSuccessToast, showWarningToast } from '../../ui/toasts';
import { ordersScope } from '../orders/use-orders-list';
import { labelsScope } from './use-labels-list';

/**
 * The changes of the label tabs and the label page (orders spec §2.5, §4, §8):
 * delete and mark delivered (both cannot be undone, so confirmed first), mark a
 * return, refresh tracking. After each the label lists, counters and labels reload.
 * Each resolves to true when it was carried out.
 */
export function useLabelActions() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const afterChange = () => {
    markOwnChange(labelsScope);
    markOwnChange(ordersScope);
    void queryClient.invalidateQueries({ queryKey: queryKeys.labels });
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
  };

  async function run<T>(work: () => Promise<T>, onError: (error: unknown) => void = handleUnexpectedError): Promise<T | null> {
    setBusy(true);
    try {
      return await work();
    } catch (error) {
      onError(error);
      return null;
    } finally {
      afterChange();
      setBusy(false);
    }
  }

  const confirmDelete = (count: number) =>
    openConfirmDialog({
      title: count === 1 ? texts.deleteOneTitle : texts.deleteManyTitle,
      message: count === 1 ? texts.deleteOneMessage : texts.deleteManyMessage(count),
      type: 'danger',
      confirmLabel: texts.deleteConfirm,
    });

  const confirmDeliver = (count: number) =>
    openConfirmDialog({ title: texts.deliverTitle, message: texts.deliverMessage(count), type: 'warning', confirmLabel: texts.deliverConfirm });

  return {
    busy,
    /** One label from its row or page: POST label/{id} {is_active: false}. */
    deleteOne: async (id: string): Promise<boolean> => {
      if (!(await confirmDelete(1))) return false;
      const done = await run(() => client.labels.update(id, { is_active: false }));
      // A carrier without a cancel call was not informed: said as a warning, not a plain success.
      if (done?.notice) showWarningToast(done.notice, texts.labelDeleted);
      else if (done) showSuccessToast(texts.labelDeleted);
      return done !== null;
    },
    deleteMany: async (ids: readonly string[]): Promise<boolean> => {
      if (ids.length === 0 || !(await confirmDelete(ids.length))) return false;
      const result = await run(async () => (await client.labels.bulkUpdate({ label_ids: [...ids], action: 'deactivate' })).data);
      if (result === null) return false;
      // Labels a carrier refused to cancel stay, each with the carrier's reason; the others are deleted.
      for (const refusal of result.errors ?? []) showErrorToast(refusal.message);
      if (result.affected === 0) {
        if (!result.errors?.length) showWarningToast(texts.nothingDeleted);
      } else if (result.notice) showWarningToast(result.notice, result.affected === 1 ? texts.labelDeleted : texts.labelsDeleted);
      else showSuccessToast(result.affected === 1 ? texts.labelDeleted : texts.labelsDeleted);
      return true;
    },
    /** One label: POST label/{id} {status: completed}; a refusal (canceled) shows the server's reason. */
    deliverOne: async (id: string): Promise<Label | null> => {
      if (!(await confirmDeliver(1))) return null;
      const label = await run(async () => (await client.labels.update(id, { status: 'completed' })).data);
      if (label) showSuccessToast(texts.labelsDelivered);
      return label;
    },
    /** The selection: updatebulklabels deliver_labels; canceled and delivered ones are left alone, and said so. */
    deliverMany: async (ids: readonly string[]): Promise<boolean> => {
      if (ids.length === 0 || !(await confirmDeliver(ids.length))) return false;
      const affected = await run(async () => (await client.labels.bulkUpdate({ label_ids: [...ids], action: 'deliver_labels' })).data.affected);
      if (affected === null) return false;
      if (affected === 0) showWarningToast(texts.nothingDelivered);
      else if (affected < ids.length) showWarningToast(texts.someNotDelivered(affected, ids.length), texts.labelsDelivered);
      else showSuccessToast(texts.labelsDelivered);
      return affected > 0;
    },
    /** POST return/{id}; a failure shows the spec's text (§8). */
    markReturn: async (id: string, marker: LabelMarker): Promise<boolean> => {
      const label = await run(
        async () => (await client.labels.markReturn(id, { marker })).data,
        () => showErrorToast(texts.markFailed),
      );
      if (label) showSuccessToast(texts.marked);
      return label !== null;
    },
    /**
     * POST label/track for the selection: how many were refreshed and how many got a new
     * status, and each label that could not be refreshed with its reason, named by
     * `nameOf` (the order number on the tabs).
     */
    refreshTracking: async (ids: readonly string[], nameOf: (id: string) => string = (id) => id): Promise<boolean> => {
      if (ids.length === 0) return false;
      const result = await run(() => client.tracking.refresh([...ids]));
      if (!result) return false;
      const changed = result.data.filter((d) => d.status !== d.previous_status).length;
      if (result.data.length > 0) showSuccessToast([texts.trackingRefreshed(result.data.length), ...(changed > 0 ? [bulkTrackTexts.changed(changed)] : [])].join(' '));
      if (result.errors.length > 0) {
        const shown = result.errors.slice(0, 5).map((e) => bulkTrackTexts.failedFor(nameOf(e.label_id), e.message));
        const rest = result.errors.length - shown.length;
        showWarningToast([texts.trackingFailed(result.errors.length), ...shown, ...(rest > 0 ? [bulkTrackTexts.more(rest)] : [])].join(' '));
      }
      return true;
    },
  };
}
