import { ActionIcon, Alert, Anchor, Button, Group, Popover, Radio, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { IconInfoCircle, IconPrinter, IconSettings } from '@tabler/icons-react';
import { printControlsTexts as texts } from '@verzendhuis/domain/labels-texts';
import { printingWebTexts } from '@verzendhuis/domain/printing-web-texts';
import { paths } from '../../app/paths';
import { DocumentsMenu, type DocumentsTarget } from '../documents/documents-menu';
import { labelFormats, labelModes, showsPositions, type LabelFormat, type LabelMode } from './label-settings';
import { labelSettingsStore, useLabelSettings } from './label-settings-store';
import { PositionPicker } from './position-picker';
import { usePrinterMode } from '../printing/use-printer-mode';

export interface PrintAction {
  label: string;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  /** Why the action is disabled, as a tooltip. */
  disabledReason?: string;
  testId?: string;
}

/**
 * Orders spec §2.8: the print controls. An action (Labels aanmaken, Label maken,
 * PDF downloaden), the label settings (A4 four per page or A6 one per page; download
 * or printer) and, for A4, the first-page position. Every instance shows the same
 * settings (label-settings-store.ts). With `documents`, the menu for an extra label,
 * the export document and packing slips acts on those orders or labels.
 */
export function PrintControls({ action: given, documents, size = 'sm' }: { action?: PrintAction; documents?: DocumentsTarget; size?: 'xs' | 'sm' }) {
  const settings = useLabelSettings();
  const printer = usePrinterMode();
  const action = given && printer.blocked && !given.disabled ? { ...given, disabled: true, disabledReason: printingWebTexts.printerNotReady } : given;
  const button = action ? (
    <Button
      size={size}
      leftSection={<IconPrinter size={16} aria-hidden />}
      onClick={action.onClick}
      loading={action.loading}
      disabled={action.disabled}
      data-testid={action.testId}
    >
      {action.label}
    </Button>
  ) : null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="print-controls">
      {button && action?.disabled && action.disabledReason ? (
        <Tooltip label={action.disabledReason} withArrow>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      <LabelSettingsButton size={size} />
      {documents ? <DocumentsMenu target={documents} size={size} /> : null}
      <Text size="xs" c="gray.7" data-testid="print-format">
        {texts.formatShort[settings.format]}
      </Text>
      {showsPositions(settings) ? (
        <PositionPicker value={settings.position} onChange={(position) => labelSettingsStore.setPosition(position)} />
      ) : null}
    </Group>
  );
}

function LabelSettingsButton({ size }: { size: 'xs' | 'sm' }) {
  const settings = useLabelSettings();
  return (
    <Popover position="bottom-end" withArrow shadow="md" width={300} trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="default"
          size={size === 'xs' ? 30 : 36}
          aria-label={texts.settings}
          title={texts.settings}
          data-testid="label-settings"
        >
          <IconSettings size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="label-settings-dropdown">
        <Stack gap="sm">
          <Radio.Group
            label={texts.format}
            value={settings.format}
            onChange={(value) => labelSettingsStore.update({ format: value as LabelFormat })}
          >
            <Stack gap={6} mt={6}>
              {labelFormats.map((format) => (
                <Radio key={format} value={format} label={texts.formats[format]} data-testid={`label-format-${format}`} />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group label={texts.mode} value={settings.mode} onChange={(value) => labelSettingsStore.update({ mode: value as LabelMode })}>
            <Stack gap={6} mt={6}>
              {labelModes.map((mode) => (
                <Radio key={mode} value={mode} label={texts.modes[mode]} data-testid={`label-mode-${mode}`} />
              ))}
            </Stack>
          </Radio.Group>
          {settings.mode === 'printer' ? <PrinterModeState /> : null}
          <Text size="xs" c="dimmed">
            {texts.remembered}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** In printer mode: where labels go, or why printing waits (with the way to the printer settings). */
function PrinterModeState() {
  const printer = usePrinterMode();
  if (printer.ready) {
    return (
      <Alert color="teal" variant="light" icon={<IconPrinter size={16} />} p="xs" data-testid="printer-ready">
        <Text size="xs" c="gray.9">
          {printingWebTexts.printerReady(printer.printerName ?? '')}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} />} p="xs" data-testid="printer-not-connected">
      <Stack gap={4}>
        <Text size="xs" c="gray.9">
          {printingWebTexts.printerNotReady}
        </Text>
        <Anchor component={Link} to={paths.printer} size="xs" c="blue.9" data-testid="printer-settings-link">
          {printingWebTexts.printerSettingsLink}
        </Anchor>
      </Stack>
    </Alert>
  );
}
