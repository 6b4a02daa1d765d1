import type { Label, LabelCreateBody } from '@verzendhuis/contract/label';

/**
 * "Extra label" makes another label of the same kind for the label's order: a return
 * label's page makes another return label (with return_fallback and force, as the
 * spec's return flow confirms), any other page another outgoing label. Forced: the
 * user asked for a second one on purpose.
 */
export function extraLabelRequest(label: Pick<Label, 'order_id' | 'is_return'>): LabelCreateBody {
  return label.is_return
    ? { order_ids: [label.order_id], is_return: true, return_fallback: true, force: true }
    : { order_ids: [label.order_id], force: true };
}
