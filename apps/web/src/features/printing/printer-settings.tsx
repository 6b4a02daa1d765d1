import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, Group, List, Loader, Modal, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconLink, IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { printerClientPatchBodySchema, type PrinterClient } from '@verzendhuis/contract/printing';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { printingWebTexts as texts } from '@verzendhuis/domain/printing-web-texts';
import { useAppConfig } from '../../app/use-app-config';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { FormActions } from '../../ui/form/form-actions';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { saveHandlers } from '../../ui/form/save-handlers';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { LinkedServicesTable } from '../../ui/linked-services-table';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { formatDateTime } from '../labels/format';
import { LocalPrintClientError, pairedElsewhere, type LocalPrintClientState } from './local-print-client';
import { appOrigin, useLocalPrintClientState, usePrintClientMutations, usePrinterClients } from './use-print-client';

/** A local client's failure says its own Dutch message; the API's go to the app's error handling. */
function reportError(fallback: string) {
  return (error: unknown) => {
    if (error instanceof LocalPrintClientError) showErrorToast(error.message, fallback);
    else handleUnexpectedError(error);
  };
}

/**
 * /settings/printer (account spec §2, §3, §7): the print client on this computer (found or
 * how to start it, connected, its id, its printers with the label printer to choose),
 * pairing in one step, and the organisation's paired clients (rename, unpair).
 */
export function PrinterSettings() {
  const local = useLocalPrintClientState();
  return (
    <Stack gap="lg">
      <SettingsPageHeader title={screenTitles.printer} intro={texts.intro} actions={null} />
      <LocalClientCard state={local.state} checking={local.checking} onRetry={() => void local.refresh()} />
      <PairedClients localId={local.state.found ? local.state.printerClientId : null} />
    </Stack>
  );
}

function LocalClientCard({ state, checking, onRetry }: { state: LocalPrintClientState; checking: boolean; onRetry: () => void }) {
  const config = useAppConfig();
  const { pair, selectPrinter, disconnect, reconnect } = usePrintClientMutations();
  const selected = state.printers.find((p) => p.selected)?.name ?? null;

  function startPairing() {
    pair.mutate(undefined, { onSuccess: () => showSuccessToast(texts.paired), onError: reportError(texts.pairFailed) });
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="local-print-client-title" data-testid="local-print-client">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id="local-print-client-title">
            {texts.localTitle}
          </Title>
          {state.found ? <LocalStatusBadge state={state} /> : null}
        </Group>
        {checking ? (
          <Group gap="xs" data-testid="local-print-client-checking">
            <Loader size="sm" />
            <Text size="sm">{texts.checking}</Text>
          </Group>
        ) : !state.found ? (
          <Alert
            color="yellow"
            variant="light"
            title={texts.notFoundTitle}
            styles={{ title: { color: 'var(--mantine-color-gray-9)' } }}
            data-testid="local-print-client-not-found"
          >
            <Stack gap="xs">
              <Text size="sm" c="gray.9">
                {texts.notFoundText}
              </Text>
              <List size="sm" c="gray.9">
                <List.Item>
                  <Code>{texts.notFoundRepository}</Code>
                </List.Item>
                <List.Item>
                  <Code>{texts.notFoundPacked}</Code>
                </List.Item>
              </List>
              <Text size="xs" c="gray.8">
                {texts.notFoundPort(config.print_client_url)}
              </Text>
              <Group>
                <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={onRetry} data-testid="local-print-client-retry">
                  {texts.retry}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="md">
            <Table variant="vertical" layout="fixed" withTableBorder={false} maw={560}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>{texts.clientId}</Table.Th>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="local-print-client-id">
                      {state.printerClientId ?? texts.notPaired}
                    </Text>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{texts.server}</Table.Th>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="local-print-client-server">
                      {state.serverUrl ?? texts.none}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {pairedElsewhere(state, appOrigin()) ? (
              <Alert color="yellow" variant="light" data-testid="local-print-client-elsewhere">
                <Text size="sm" c="gray.9">
                  {texts.pairedElsewhere}
                </Text>
              </Alert>
            ) : null}
            <Group gap="sm">
              <Button leftSection={<IconLink size={16} />} onClick={startPairing} loading={pair.isPending} data-testid="print-client-pair">
                {state.printerClientId ? texts.pairAgain : texts.pair}
              </Button>
              {state.connected ? (
                <Button
                  variant="default"
                  leftSection={<IconPlugConnectedX size={16} />}
                  loading={disconnect.isPending}
                  onClick={() => disconnect.mutate(undefined, { onSuccess: () => showSuccessToast(texts.disconnected), onError: reportError(texts.disconnect) })}
                  data-testid="print-client-disconnect"
                >
                  {texts.disconnect}
                </Button>
              ) : state.printerClientId ? (
                <Button
                  variant="default"
                  leftSection={<IconPlugConnected size={16} />}
                  loading={reconnect.isPending}
                  onClick={() => reconnect.mutate(undefined, { onError: reportError(texts.reconnect) })}
                  data-testid="print-client-reconnect"
                >
                  {texts.reconnect}
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c="gray.7">
              {texts.pairHelp}
            </Text>
            {state.printers.length === 0 ? (
              <Text size="sm" c="gray.8" data-testid="local-print-client-no-printers">
                {texts.noPrinters}
              </Text>
            ) : (
              <Radio.Group
                label={texts.labelPrinter}
                description={texts.labelPrinterDescription}
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                value={selectPrinter.isPending ? selectPrinter.variables : selected}
                onChange={(name) =>
                  selectPrinter.mutate(name, { onSuccess: () => showSuccessToast(texts.printerSelected(name)), onError: reportError(texts.labelPrinter) })
                }
                data-testid="local-print-client-printers"
              >
                <Stack gap={6} mt={6}>
                  {state.printers.map((printer) => (
                    <Radio
                      key={printer.name}
                      value={printer.name}
                      label={`${printer.name} · ${texts.kinds[printer.kind]}`}
                      disabled={selectPrinter.isPending}
                      data-testid="local-printer"
                      data-printer-name={printer.name}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {state.connected && selected === null && state.printers.length > 0 ? (
              <Text size="sm" c="orange.9" data-testid="local-print-client-choose">
                {texts.notReadyNoPrinter}
              </Text>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function LocalStatusBadge({ state }: { state: LocalPrintClientState }) {
  const [color, text] = state.connected
    ? state.printers.some((p) => p.selected)
      ? ['teal.9', texts.ready]
      : ['teal.9', texts.connected]
    : state.printerClientId
      ? ['red.9', texts.notConnected]
      : ['gray.7', texts.notPaired];
  return (
    <Badge variant="filled" color={color} miw="max-content" data-testid="local-print-client-status">
      {text}
    </Badge>
  );
}

function PairedClients({ localId }: { localId: string | null }) {
  const clients = usePrinterClients();
  const { unpair } = usePrintClientMutations();
  const [renaming, setRenaming] = useState<PrinterClient | null>(null);

  async function confirmUnpair(client: PrinterClient) {
    const confirmed = await openConfirmDialog({ title: texts.unpairTitle, message: texts.unpairQuestion(client.name), type: 'danger', confirmLabel: texts.unpair });
    if (!confirmed) return;
    unpair.mutate(client.id, { onSuccess: () => showSuccessToast(texts.unpaired), onError: handleUnexpectedError });
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="paired-print-clients-title">
      <Stack gap={4}>
        <Title order={2} size="h3" id="paired-print-clients-title">
          {texts.listTitle}
        </Title>
        <Text size="sm" c="gray.7">
          {texts.listIntro}
        </Text>
      </Stack>
      <LinkedServicesTable
        label={screenTitles.printer}
        query={clients}
        texts={texts}
        columns={[texts.columns.name, texts.columns.status, texts.columns.lastSeen, texts.columns.printers, texts.columns.actions]}
        minWidth={760}
        testId="print-client-list"
      >
        {(clients.data ?? []).map((client) => (
          <Table.Tr key={client.id} data-testid="print-client-row" data-print-client-id={client.id}>
            <Table.Td>
              <Text fw={600} size="sm" data-testid="print-client-name">
                {client.name}
              </Text>
              {client.id === localId ? (
                <Text size="xs" c="gray.7">
                  {texts.thisComputer}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Badge variant={client.connected ? 'filled' : 'outline'} color={client.connected ? 'teal.9' : 'gray.7'} miw="max-content" data-testid="print-client-status">
                {client.connected ? texts.online : texts.offline}
              </Badge>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{client.last_seen_at ? formatDateTime(client.last_seen_at) : texts.never}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" data-testid="print-client-printer">
                {client.printers.find((p) => p.selected)?.name ?? texts.none}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setRenaming(client)} data-testid="print-client-rename">
                  {texts.rename}
                </Button>
                <Button size="xs" color="red.9" variant="outline" onClick={() => void confirmUnpair(client)} data-testid="print-client-unpair">
                  {texts.unpair}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </LinkedServicesTable>
      {renaming ? <RenameModal client={renaming} onClose={() => setRenaming(null)} /> : null}
    </Stack>
  );
}

function RenameModal({ client, onClose }: { client: PrinterClient; onClose: () => void }) {
  const { rename } = usePrintClientMutations();
  const form = useSchemaForm({ schema: printerClientPatchBodySchema, initialValues: { name: client.name } });
  const submit = form.onSubmit((body) =>
    rename.mutate({ id: client.id, name: body.name }, saveHandlers(form, { saved: texts.renamed, invalidInput: texts.invalidInput, onSaved: onClose })),
  );
  return (
    <Modal opened onClose={onClose} title={texts.renameTitle}>
      <form onSubmit={submit} noValidate data-testid="print-client-rename-form">
        <Stack>
          <TextInput label={texts.name} required {...form.getInputProps('name')} data-testid="print-client-name-input" data-autofocus />
          <FormErrorAlerts errors={form.errors} shown={['name']} />
          <FormActions cancelLabel={texts.cancel} onCancel={onClose} submitLabel={texts.save} sending={rename.isPending} submitTestId="print-client-save" />
        </Stack>
      </form>
    </Modal>
  );
}
