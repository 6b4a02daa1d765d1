import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Badge, Button, ColorInput, Group, Image, Pagination, Paper, Stack, Switch, Table, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TrackingMail, TrackingMailSettingsDto } from '@verzendhuis/contract/tracking-mail';
import { screenTitles, trackingTabTitles } from '@verzendhuis/domain/frame-texts';
import { buttonTextColour, isHexColour } from '@verzendhuis/domain/tracking-mail';
import { trackingMailStatuses, trackingMailTexts as texts, type TrackingMailStatus } from '@verzendhuis/domain/tracking-mail-texts';
import { paths } from '../../app/paths';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { LoadingScreen } from '../../ui/loading-screen';
import { SimpleTable } from '../../ui/simple-table';
import { showSuccessToast } from '../../ui/toasts';
import { useTrackingMails, useTrackingMailSettings, useUpdateTrackingMailSettings } from './use-tracking-mail';

export type TrackingTab = keyof typeof trackingTabTitles;

const formatDateTime = (iso: string) => new Date(iso).toLocaleString('nl-NL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

/** The state of a mail as a small badge; colours from Mantine's darker shades (AA on light). */
export function MailStateBadge({ state }: { state: TrackingMail['state'] }) {
  const colour = state === 'sent' ? 'green' : state === 'failed' || state === 'bounced' ? 'red' : state === 'skipped' ? 'gray' : 'blue';
  return (
    <Badge color={colour} variant="light" c="dark.8" miw="max-content" data-testid="mail-state">
      {texts.stateNames[state]}
    </Badge>
  );
}

/** The brand colour with its AA contrast check, and the logo the mails use (here and on /settings/branding). */
export function BrandBlock({ settings }: { settings: TrackingMailSettingsDto }) {
  const [colour, setColour] = useState(settings.brand_color);
  const update = useUpdateTrackingMailSettings();
  useEffect(() => setColour(settings.brand_color), [settings.brand_color]);
  const valid = isHexColour(colour);
  const contrast = valid ? buttonTextColour(colour) : null;
  return (
    <Paper withBorder p="md" maw={720}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {texts.brandTitle}
        </Title>
        <Text size="sm" c="gray.7">
          {texts.brandColorHelp}
        </Text>
        <ColorInput
          label={texts.brandColor}
          withEyeDropper={false}
          value={colour}
          onChange={setColour}
          format="hex"
          maw={260}
          error={valid ? undefined : texts.colorInvalid}
          data-testid="brand-color"
        />
        {contrast && (
          <Group gap="sm">
            <Text
              component="span"
              px="md"
              py={6}
              fw={700}
              style={{ background: colour, color: contrast.colour, borderRadius: 4 }}
              data-testid="brand-button-sample"
            >
              {texts.button}
            </Text>
            <Text size="sm" data-testid="brand-contrast">
              {texts.contrast(contrast.ratio.toFixed(1).replace('.', ','), contrast.colour === '#ffffff' ? 'wit' : 'zwart')}
            </Text>
          </Group>
        )}
        <Text size="sm" fw={600}>
          {texts.logo}
        </Text>
        {settings.logo_url ? (
          <Group gap="sm">
            <Image src={settings.logo_url} alt={texts.logo} h={40} w="auto" fit="contain" />
            <Text size="sm">{texts.logoFromAccount}</Text>
          </Group>
        ) : (
          <Text size="sm">{texts.noLogo}</Text>
        )}
        <Group>
          <Button
            disabled={!valid || colour.toLowerCase() === settings.brand_color}
            loading={update.isPending}
            onClick={() => update.mutate({ brand_color: colour }, { onSuccess: () => showSuccessToast(texts.saved), onError: handleUnexpectedError })}
            data-testid="brand-save"
          >
            {texts.saveBrand}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The six mails with a switch each and a link to the editor. */
function MailsTab({ settings }: { settings: TrackingMailSettingsDto }) {
  const update = useUpdateTrackingMailSettings();
  const toggle = (status: TrackingMailStatus, enabled: boolean) =>
    update.mutate({ mails: { [status]: { enabled } } }, { onSuccess: () => showSuccessToast(texts.toggled(texts.statusNames[status], enabled)), onError: handleUnexpectedError });
  return (
    <Stack gap="md">
      {!settings.smtp_configured && (
        <Alert color="yellow" data-testid="no-smtp">
          {texts.noSmtp}
        </Alert>
      )}
      <SimpleTable label={screenTitles.trackingSettings} columns={[{ label: texts.columns.mail }, { label: texts.columns.subject }, { label: texts.columns.enabled }, { label: texts.columns.actions }]} minWidth={560} testId="tracking-mails">
        {trackingMailStatuses.map((status) => {
          const mail = settings.mails[status];
          return (
            <Table.Tr key={status} data-testid={`tracking-mail-${status}`}>
              <Table.Td fw={600}>{texts.statusNames[status]}</Table.Td>
              <Table.Td>{mail.subject}</Table.Td>
              <Table.Td>
                <Switch
                  checked={mail.enabled}
                  onChange={(event) => toggle(status, event.currentTarget.checked)}
                  aria-label={texts.enabledLabel(texts.statusNames[status])}
                  data-testid={`tracking-mail-toggle-${status}`}
                />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`${paths.trackingSettings}/email/${status}`} data-testid={`tracking-mail-edit-${status}`}>
                  {texts.edit}
                  <VisuallyHidden>{` ${texts.statusNames[status]}`}</VisuallyHidden>
                </Anchor>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </SimpleTable>
      <BrandBlock settings={settings} />
    </Stack>
  );
}

/** The stored mails (sent, in the outbox, failed, …), newest first. */
function OutboxTab() {
  const [page, setPage] = useState(1);
  const mails = useTrackingMails(page);
  if (mails.isPending) return <LoadingScreen />;
  if (mails.isError) throw mails.error;
  const { data, meta } = mails.data;
  if (data.length === 0) return <Text data-testid="outbox-empty">{texts.outboxEmpty}</Text>;
  return (
    <Stack gap="md">
      <SimpleTable
        label={screenTitles.trackingSettings}
        columns={[{ label: texts.columns.created }, { label: texts.columns.mail }, { label: texts.columns.order }, { label: texts.columns.recipient }, { label: texts.columns.subject }, { label: texts.columns.state }]}
        minWidth={760}
        testId="tracking-outbox"
      >
        {data.map((mail) => (
          <Table.Tr key={mail.id} data-testid="outbox-row">
            <Table.Td>{formatDateTime(mail.created_at)}</Table.Td>
            <Table.Td>
              {texts.statusNames[mail.mail_status as TrackingMailStatus] ?? mail.mail_status}
              {mail.is_test && (
                <Badge ml="xs" variant="outline" color="gray" c="dark.8">
                  {texts.outboxTest}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              {mail.label_id ? (
                <Anchor component={Link} to={paths.label(mail.label_id)}>
                  {mail.order_number ?? '–'}
                </Anchor>
              ) : (
                '–'
              )}
            </Table.Td>
            <Table.Td>{mail.recipient ?? '–'}</Table.Td>
            <Table.Td>{mail.subject}</Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <MailStateBadge state={mail.state} />
                {mail.error && (
                  <Text size="xs" c="red.9">
                    {mail.error}
                  </Text>
                )}
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </SimpleTable>
      {meta.total > meta.page_size && <Pagination total={Math.ceil(meta.total / meta.page_size)} value={page} onChange={setPage} />}
    </Stack>
  );
}

/** /settings/tracking/{tab}: the mails (default) and the outbox. */
export function TrackingMailSettings({ tab }: { tab: TrackingTab }) {
  const navigate = useNavigate();
  const settings = useTrackingMailSettings();
  return (
    <Stack gap="md">
      <Title order={1}>{screenTitles.trackingSettings}</Title>
      <Text size="sm" c="gray.7" maw={720}>
        {texts.intro}
      </Text>
      <Tabs value={tab} onChange={(value) => value && navigate(`${paths.trackingSettings}/${value}`)}>
        <Tabs.List>
          <Tabs.Tab value="emails" data-testid="tab-emails">
            {trackingTabTitles.emails}
          </Tabs.Tab>
          <Tabs.Tab value="outbox" data-testid="tab-outbox">
            {trackingTabTitles.outbox}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'emails' ? settings.isPending ? <LoadingScreen /> : settings.isError ? <ErrorThrower error={settings.error} /> : <MailsTab settings={settings.data} /> : <OutboxTab />}
    </Stack>
  );
}

function ErrorThrower({ error }: { error: Error }): null {
  throw error;
}
