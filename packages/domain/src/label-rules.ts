/**
 * The rules of a label's state (orders spec §2.5, §4): which labels a user sees, which
 * can be deleted, delivered, marked or printed, and which status moves to which. Pure
 * rules beside the order rules; the server's repositories write what these allow
 * (set-based SQL is built from the same constants), the web can show actions by them.
 * What tracking derives from a carrier's events is in tracking.ts.
 */

/** A label claimed for an order while its carrier makes it: nobody sees it, nothing acts on it. */
export const creatingLabelStatus = 'creating';

/** A label its carrier has made: the first status a user sees. */
export const madeLabelStatus = 'ready';

/** Delivered (also by hand) and canceled: these never change again. */
export const finalLabelStatuses = ['completed', 'canceled'] as const;

export function isFinalLabelStatus(status: string): boolean {
  return (finalLabelStatuses as readonly string[]).includes(status);
}

/** What the rules read of a label. */
export interface LabelState {
  status: string;
  isActive: boolean;
  isReturn: boolean;
}

/** A label a user sees (lists, detail, documents, actions): active and no longer being made. */
export function isVisibleLabel(label: Pick<LabelState, 'status' | 'isActive'>): boolean {
  return label.isActive && label.status !== creatingLabelStatus;
}

/** A label tracking still asks its carrier about: made, and neither delivered nor canceled. */
export function isTravellingStatus(status: string): boolean {
  return status !== creatingLabelStatus && !isFinalLabelStatus(status);
}

/** The statuses tracking leaves alone: a label being made, and the final ones. */
export const untrackedLabelStatuses = [creatingLabelStatus, ...finalLabelStatuses] as const;

/** The bulk actions of the label tabs (label/updatebulklabels): delete, or mark as delivered. */
export type LabelBulkAction = 'deactivate' | 'deliver_labels';

/**
 * Whether a bulk action changes this label. Deleting takes any label the user sees;
 * "Markeren als bezorgd" leaves a delivered or canceled label as it is (it is not counted).
 */
export function bulkActionApplies(action: LabelBulkAction, label: Pick<LabelState, 'status' | 'isActive'>): boolean {
  if (!isVisibleLabel(label)) return false;
  return action === 'deactivate' || !isFinalLabelStatus(label.status);
}

/** What a bulk action writes: the same change as one label's. */
export function bulkActionChange(action: LabelBulkAction): LabelChange {
  return action === 'deactivate' ? { isActive: false } : { status: 'completed' };
}

/** Whether "Markeren als bezorgd" is offered for a label (the row action and the bulk action). */
export function canMarkDelivered(label: Pick<LabelState, 'status' | 'isActive'>): boolean {
  return bulkActionApplies('deliver_labels', label);
}

/** One label's change (POST label/{id}, POST return/{id}); none of them can be undone. */
export interface LabelChange {
  isActive?: false;
  status?: 'completed';
  /** A return label's marker; null clears it. */
  marker?: string | null;
}

export type LabelChangeRefusal = 'canceled_not_delivered' | 'marker_only_return';

/**
 * Why a change is refused, checked whole before anything is written (a refused change
 * writes nothing); null when it may be made. A canceled label is never delivered; only a
 * return label has a marker. Delivering a delivered label again changes nothing and is
 * no refusal.
 */
export function labelChangeRefusal(label: Pick<LabelState, 'status' | 'isReturn'>, change: LabelChange): LabelChangeRefusal | null {
  if (change.status === 'completed' && label.status === 'canceled') return 'canceled_not_delivered';
  if (change.marker !== undefined && !label.isReturn) return 'marker_only_return';
  return null;
}

/** What an allowed change writes: only the fields it names. */
export function labelChangeValues(change: LabelChange): { isActive?: false; status?: 'completed'; marker?: string | null } {
  return {
    ...(change.isActive === false ? { isActive: false as const } : {}),
    ...(change.status === 'completed' ? { status: 'completed' as const } : {}),
    ...(change.marker !== undefined ? { marker: change.marker } : {}),
  };
}

/**
 * Printing (label/pdf; there is no print client yet): a ready label becomes printed; any
 * later status stays, printed is never a step back. The first print time is kept.
 */
export const labelPrintMove = { from: madeLabelStatus, to: 'printed' } as const;

export function statusAfterPrint(status: string): string {
  return status === labelPrintMove.from ? labelPrintMove.to : status;
}

/**
 * The order statuses a label can be made for (orders spec §4): ready, with warnings the
 * user confirms, and completed (a second label, a duplicate the user confirms). Incomplete
 * and error orders must be fixed first; the other tabs' orders are not for shipping.
 */
export const labellableOrderStatuses = ['ready', 'warning', 'completed'] as const;

export function canLabelOrder(status: string): boolean {
  return (labellableOrderStatuses as readonly string[]).includes(status);
}
