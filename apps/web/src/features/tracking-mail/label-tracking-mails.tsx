import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { LabelTrackingMail } from '@verzendhuis/contract/tracking-mail';
import { trackingMailTexts as texts, type TrackingMailStatus } from '@verzendhuis/domain/tracking-mail-texts';
import { MailStateBadge } from './tracking-mail-settings';

const formatDateTime = (iso: string) => new Date(iso).toLocaleString('nl-NL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

/** Zendingdetails: the tracking e-mails of this label (shipment.tracking_mails), with a failure or bounce spelled out. */
export function LabelTrackingMails({ mails }: { mails: readonly LabelTrackingMail[] }) {
  return (
    <Card withBorder padding="md" data-testid="label-tracking-mails">
      <Title order={2} size="h4" mb="sm">
        {texts.labelBlock}
      </Title>
      {mails.length === 0 ? (
        <Text size="sm">{texts.labelNone}</Text>
      ) : (
        <Stack gap="xs">
          {mails.map((m) => (
            <Stack key={m.mail_status} gap={2} data-testid="label-tracking-mail">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {texts.statusNames[m.mail_status as TrackingMailStatus] ?? m.mail_status}
                </Text>
                <MailStateBadge state={m.state} />
                <Text size="xs" c="gray.8">
                  {formatDateTime(m.sent_at ?? m.created_at)}
                  {m.recipient ? ` · ${m.recipient}` : ''}
                </Text>
              </Group>
              {m.error && (
                <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
                  {m.error}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
