import type { ReactNode } from 'react';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconFileExport, IconFileText, IconPackage, IconTagPlus } from '@tabler/icons-react';
import type { Label } from '@verzendhuis/contract/label';
import { documentTexts as texts } from '@verzendhuis/domain/labels-texts';
import { exportRefusalReason, mayBeExport } from './export-label';
import { useExportDocument, usePackingSlips, type PackingSlipTarget } from './use-documents';
import { useExtraLabel } from './use-extra-label';

/**
 * What the documents menu acts on: orders (the orders bulk bar, the order form),
 * labels (the label tabs), or one label (the label page), which adds "Extra label" and
 * "Exportdocument".
 */
export type DocumentsTarget = { orderIds: readonly string[] } | { labelIds: readonly string[] } | { label: Label };

function packingSlipTarget(target: DocumentsTarget): PackingSlipTarget {
  if ('label' in target) return { labelIds: [target.label.id] };
  return 'orderIds' in target ? { orderIds: target.orderIds } : { labelIds: target.labelIds };
}

/** Orders spec §2.8: the print controls' menu for an extra label, the export document and packing slips. */
export function DocumentsMenu({ target, size = 'sm' }: { target: DocumentsTarget; size?: 'xs' | 'sm' }) {
  const packingSlips = usePackingSlips();
  const exportDocument = useExportDocument();
  const extraLabel = useExtraLabel();
  const label = 'label' in target ? target.label : null;
  const slipTarget = packingSlipTarget(target);
  const slipCount = 'orderIds' in slipTarget ? slipTarget.orderIds.length : slipTarget.labelIds.length;
  const exportRefusal = label ? exportRefusalReason(label) : null;
  const busy = packingSlips.generating || exportDocument.generating || extraLabel.busy;

  return (
    <Menu position="bottom-end" withArrow shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size={size === 'xs' ? 30 : 36}
          aria-label={texts.menu}
          title={texts.menu}
          loading={busy}
          data-testid="documents-menu"
        >
          <IconFileText size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-testid="documents-menu-dropdown">
        {label ? (
          <Menu.Item leftSection={<IconTagPlus size={16} />} onClick={() => void extraLabel.create(label)} data-testid="documents-extra-label">
            {texts.extraLabel}
          </Menu.Item>
        ) : null}
        {label && mayBeExport(label) ? (
          <WithReason reason={exportRefusal}>
            <Menu.Item
              leftSection={<IconFileExport size={16} />}
              disabled={exportRefusal !== null}
              onClick={() => void exportDocument.generate(label.id)}
              data-testid="documents-export"
            >
              {texts.exportDocument}
            </Menu.Item>
          </WithReason>
        ) : null}
        <WithReason reason={slipCount === 0 ? texts.nothingSelected : null}>
          <Menu.Item
            leftSection={<IconPackage size={16} />}
            disabled={slipCount === 0}
            onClick={() => void packingSlips.generate(slipTarget)}
            data-testid="documents-packing-slips"
          >
            {texts.packingSlips}
          </Menu.Item>
        </WithReason>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A disabled item explains itself in a tooltip (a disabled button gets no hover, its wrapper does). */
function WithReason({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (!reason) return children;
  return (
    <Tooltip label={reason} multiline maw={280} withArrow position="left" style={{ whiteSpace: 'pre-line' }}>
      <div data-testid="documents-disabled-reason">
        {children}
      </div>
    </Tooltip>
  );
}
