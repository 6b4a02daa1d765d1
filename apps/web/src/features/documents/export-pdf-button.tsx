import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import type { Label } from '@verzendhuis/contract/label';
import { documentTexts as texts } from '@verzendhuis/domain/labels-texts';
import { isExportLabel } from './export-label';
import { useExportDocument } from './use-documents';

/**
 * Orders spec §2.7: "Export PDF", shown when the label has order items and
 * validators.is_export is true. Downloads the CN23 / commercial invoice
 * (GET label/{id}/exportdoc); a refusal shows the server's reasons.
 */
export function ExportPdfButton({ label }: { label: Label }) {
  const { generate, generating } = useExportDocument();
  if (!isExportLabel(label)) return null;
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconFileExport size={16} aria-hidden />}
      loading={generating}
      onClick={() => void generate(label.id)}
      data-testid="export-pdf"
    >
      {texts.exportPdf}
    </Button>
  );
}
