import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { trackingMailSendTestSchema, trackingMailTemplateSchema, type TrackingMailSettingsDto } from '@verzendhuis/contract/tracking-mail';
import { ApiError } from '@verzendhuis/contract/client';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { renderTrackingMail, sampleTrackingMailValues } from '@verzendhuis/domain/tracking-mail';
import { trackingMailPlaceholders, trackingMailTexts as texts, type TrackingMailStatus } from '@verzendhuis/domain/tracking-mail-texts';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { paths } from '../../app/paths';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { useSendTestMail, useUpdateTrackingMailSettings } from './use-tracking-mail';

/** The send-test form: one address, the mail of this editor (as saved). */
function SendTest({ status, email }: { status: TrackingMailStatus; email: string }) {
  const send = useSendTestMail();
  const form = useSchemaForm({ schema: trackingMailSendTestSchema, initialValues: { email, status } });
  const submit = form.onSubmit((body) =>
    send.mutate(body, {
      onSuccess: (answer) => showSuccessToast(answer.data.state === 'sent' ? texts.testSent(body.email) : texts.testStored),
      onError: (error) => {
        // "test mail failed" (account spec §8): the mail server refused or was not reached.
        if (error instanceof ApiError && error.body.message_code === 'test_mail_failed') showErrorToast(error.message);
        else if (!showServerErrors(form, error)) handleUnexpectedError(error);
      },
    }),
  );
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate data-testid="send-test">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {texts.testTitle}
        </Title>
        <TextInput label={texts.testEmail} type="email" {...form.getInputProps('email')} data-testid="send-test-email" />
        <FormErrorAlerts errors={form.errors} shown={['email']} />
        <Group>
          <Button type="submit" variant="default" loading={send.isPending} data-testid="send-test-submit">
            {texts.testSend}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /settings/tracking/email/{email}: subject and text with placeholder buttons, a live preview, save and a test mail. */
export function TrackingMailEditor({ status, settings, shop, userEmail }: { status: TrackingMailStatus; settings: TrackingMailSettingsDto; shop: string; userEmail: string }) {
  const update = useUpdateTrackingMailSettings();
  const body = useRef<HTMLTextAreaElement>(null);
  const form = useSchemaForm({ schema: trackingMailTemplateSchema, initialValues: { ...settings.mails[status] } });
  const preview = useMemo(
    () =>
      renderTrackingMail({
        template: { subject: form.values.subject, body: form.values.body },
        values: sampleTrackingMailValues(shop, `${window.location.origin}/volg/voorbeeld`),
        brandColor: settings.brand_color,
        logoUrl: settings.logo_url,
      }),
    [form.values.subject, form.values.body, shop, settings.brand_color, settings.logo_url],
  );

  /** Where the cursor was last in the text; null until the user was in it. */
  const selection = useRef<{ start: number; end: number } | null>(null);

  /** Puts a placeholder where the cursor was in the text (at the end when the user was never in it). */
  const insert = (placeholder: string) => {
    const element = body.current;
    const value = form.values.body;
    const start = Math.min(selection.current?.start ?? value.length, value.length);
    const end = Math.min(selection.current?.end ?? value.length, value.length);
    const token = `{${placeholder}}`;
    form.setFieldValue('body', value.slice(0, start) + token + value.slice(end));
    selection.current = { start: start + token.length, end: start + token.length };
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = form.onSubmit((values) =>
    update.mutate(
      { mails: { [status]: values } },
      {
        onSuccess: () => showSuccessToast(texts.saved),
        onError: (error) => {
          if (!showServerErrors(form, error)) handleUnexpectedError(error);
        },
      },
    ),
  );

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.trackingSettings} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {texts.back}
        </Group>
      </Anchor>
      <Title order={1}>
        {screenTitles.trackingEmail}: {texts.statusNames[status]}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <Paper withBorder p="md" component="form" onSubmit={submit} noValidate data-testid="mail-editor">
            <Stack gap="sm">
              <Switch label={texts.editorEnabled} {...form.getInputProps('enabled', { type: 'checkbox' })} data-testid="mail-enabled" />
              <TextInput label={texts.editorSubject} {...form.getInputProps('subject')} data-testid="mail-subject" />
              <Textarea
                label={texts.editorBody}
                autosize
                minRows={8}
                ref={body}
                {...form.getInputProps('body')}
                onSelect={(event) => {
                  selection.current = { start: event.currentTarget.selectionStart, end: event.currentTarget.selectionEnd };
                }}
                data-testid="mail-body"
              />
              <Text size="sm" fw={600} id="placeholders-title">
                {texts.placeholdersTitle}
              </Text>
              <Group gap="xs" role="group" aria-labelledby="placeholders-title">
                {trackingMailPlaceholders.map((p) => (
                  <Button key={p} size="xs" variant="light" onClick={() => insert(p)} title={texts.placeholderHelp[p]} aria-label={texts.insertPlaceholder(p)} data-testid={`insert-${p}`}>
                    {`{${p}}`}
                  </Button>
                ))}
              </Group>
              <FormErrorAlerts errors={form.errors} shown={['enabled', 'subject', 'body']} />
              <Group>
                <Button type="submit" loading={update.isPending} data-testid="mail-save">
                  {texts.save}
                </Button>
              </Group>
            </Stack>
          </Paper>
          <SendTest status={status} email={userEmail} />
        </Stack>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {texts.preview}
            </Title>
            <Text size="sm" data-testid="preview-subject">
              <strong>{texts.editorSubject}:</strong> {preview.subject}
            </Text>
            <iframe title={texts.preview} srcDoc={preview.html} sandbox="" style={{ width: '100%', minHeight: 480, border: '1px solid #dee2e6' }} data-testid="mail-preview" />
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
