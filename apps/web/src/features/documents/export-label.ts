import type { Label } from '@verzendhuis/contract/label';
import { exportDocumentRefusals, type ExportItem } from '@verzendhuis/domain/export-document';

/**
 * The spec's label carries order_items and validators (is_export); they are read as
 * optional so that a label without them (an older answer) shows nothing rather than
 * breaking.
 */
type LabelWithExportFields = Label & {
  order_items?: readonly ExportItem[] | null;
  validators?: { is_export?: boolean | null } | null;
};

/** Orders spec §2.7: "Export PDF" is shown when the label has order items and validators.is_export. */
export function isExportLabel(label: Label): boolean {
  const extended = label as LabelWithExportFields;
  return (extended.order_items?.length ?? 0) > 0 && extended.validators?.is_export === true;
}

/** The menu hides "Exportdocument" only for a label known not to be an export. */
export function mayBeExport(label: Label): boolean {
  return (label as LabelWithExportFields).validators?.is_export !== false;
}

/**
 * Why the server will refuse the export document (orders spec §5), from the same
 * domain rule it runs, or null when it may be made. The order's own status_info is
 * not on the label; the server checks that one too.
 */
export function exportRefusalReason(label: Label): string | null {
  const extended = label as LabelWithExportFields;
  const refusals = exportDocumentRefusals({ country: label.country, statusInfo: label.status_info, items: extended.order_items ?? [] });
  return refusals.length > 0 ? refusals.map((r) => r.message).join('\n') : null;
}
