import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconPlus } from '@tabler/icons-react';
import { apiUserCreateBodySchema, apiUserPatchBodySchema, type ApiUser, type ApiUserCreated } from '@verzendhuis/contract/api-user';
import { apiUsersTexts as texts } from '@verzendhuis/domain/api-users-texts';
import { dialogTexts, screenTitles } from '@verzendhuis/domain/frame-texts';
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
import { useApiUserMutations, useApiUsers } from './use-api-users';

/**
 * /settings/api-keys (account spec §2, §7; docs/api-users.md): the organisation's API users,
 * creating one (its secret shown once, with a copy button and a warning), renaming, and
 * deactivating (confirmed) or activating again.
 */
export function ApiUsersSettings() {
  const users = useApiUsers();
  const { update } = useApiUserMutations();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiUserCreated | null>(null);
  const [renaming, setRenaming] = useState<ApiUser | null>(null);

  async function deactivate(user: ApiUser) {
    const confirmed = await openConfirmDialog({ title: texts.deactivateTitle, message: texts.deactivateQuestion(user.name), type: 'danger', confirmLabel: texts.deactivate });
    if (!confirmed) return;
    update.mutate({ id: user.id, is_active: false }, { onSuccess: () => showSuccessToast(texts.deactivated), onError: handleUnexpectedError });
  }

  function activate(user: ApiUser) {
    update.mutate({ id: user.id, is_active: true }, { onSuccess: () => showSuccessToast(texts.activated), onError: handleUnexpectedError });
  }

  return (
    <Stack gap="lg">
      <SettingsPageHeader
        title={screenTitles.apiKeys}
        intro={texts.intro}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="api-user-create">
            {texts.create}
          </Button>
        }
      />
      <Text size="sm">
        <Anchor href="/api/docs" target="_blank" rel="noopener" c="blue.9" underline="always">
          {texts.docsLink}
        </Anchor>
      </Text>
      <Stack gap="sm" component="section" aria-labelledby="api-users-title">
        <Title order={2} size="h3" id="api-users-title">
          {texts.listTitle}
        </Title>
        <LinkedServicesTable
          label={screenTitles.apiKeys}
          query={users}
          texts={texts}
          columns={[texts.columns.name, texts.columns.keyId, texts.columns.status, texts.columns.lastUsed, texts.columns.actions]}
          minWidth={860}
          testId="api-user-list"
        >
          {(users.data ?? []).map((user) => (
            <Table.Tr key={user.id} data-testid="api-user-row" data-api-user-id={user.id}>
              <Table.Td>
                <Text fw={600} size="sm" data-testid="api-user-name">
                  {user.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {texts.columns.createdAt}: {formatDateTime(user.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code style={{ wordBreak: 'break-all' }}>{user.id}</Code>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge variant={user.is_active ? 'filled' : 'outline'} color={user.is_active ? 'teal.9' : 'gray.7'} miw="max-content" data-testid="api-user-status">
                  {user.is_active ? texts.active : texts.inactive}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{user.last_used_at ? formatDateTime(user.last_used_at) : texts.never}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => setRenaming(user)} data-testid="api-user-rename">
                    {texts.rename}
                  </Button>
                  {user.is_active ? (
                    <Button size="xs" color="red.9" variant="outline" onClick={() => void deactivate(user)} data-testid="api-user-deactivate">
                      {texts.deactivate}
                    </Button>
                  ) : (
                    <Button size="xs" variant="default" onClick={() => activate(user)} data-testid="api-user-activate">
                      {texts.activate}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </LinkedServicesTable>
      </Stack>
      {creating ? (
        <CreateModal
          onClose={() => setCreating(false)}
          onCreated={(user) => {
            setCreating(false);
            setCreated(user);
          }}
        />
      ) : null}
      {created ? <SecretModal user={created} onClose={() => setCreated(null)} /> : null}
      {renaming ? <RenameModal user={renaming} onClose={() => setRenaming(null)} /> : null}
    </Stack>
  );
}

function CreateModal({ onClose, onCreated }: { onClose: () => void; onCreated: (user: ApiUserCreated) => void }) {
  const { create } = useApiUserMutations();
  const form = useSchemaForm({ schema: apiUserCreateBodySchema, initialValues: { name: '' } });
  const submit = form.onSubmit((body) =>
    create.mutate(body, {
      ...saveHandlers(form, { saved: texts.created, invalidInput: texts.invalidInput, onSaved: () => undefined }),
      onSuccess: (user) => {
        showSuccessToast(texts.created);
        onCreated(user);
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': dialogTexts.close }} title={texts.createTitle}>
      <form onSubmit={submit} noValidate data-testid="api-user-create-form">
        <Stack>
          <TextInput label={texts.name} description={texts.nameDescription} required {...form.getInputProps('name')} data-testid="api-user-name-input" data-autofocus />
          <FormErrorAlerts errors={form.errors} shown={['name']} />
          <FormActions cancelLabel={texts.cancel} onCancel={onClose} submitLabel={texts.save} sending={create.isPending} submitTestId="api-user-save" />
        </Stack>
      </form>
    </Modal>
  );
}

/** The new key: id and secret, shown this once, each with a copy button. */
function SecretModal({ user, onClose }: { user: ApiUserCreated; onClose: () => void }) {
  const copy = (value: string) => {
    navigator.clipboard
      .writeText(value)
      .then(() => showSuccessToast(texts.copied))
      .catch(() => showErrorToast(texts.copyFailed));
  };
  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': dialogTexts.close }} title={texts.secretTitle} closeOnClickOutside={false} size="lg">
      <Stack data-testid="api-user-secret-dialog">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Text size="sm" c="gray.9">
            {texts.secretWarning}
          </Text>
        </Alert>
        <SecretValue label={texts.keyId} value={user.id} testId="api-user-key-id" onCopy={copy} />
        <SecretValue label={texts.secret} value={user.secret} testId="api-user-secret" onCopy={copy} />
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="api-user-secret-done" data-autofocus>
            {texts.done}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SecretValue({ label, value, testId, onCopy }: { label: string; value: string; testId: string; onCopy: (value: string) => void }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`${testId}-label`}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId} aria-labelledby={`${testId}-label`}>
          {value}
        </Code>
        <Button variant="default" size="xs" leftSection={<IconCopy size={14} aria-hidden />} onClick={() => onCopy(value)} aria-label={`${texts.copy}: ${label}`} data-testid={`${testId}-copy`}>
          {texts.copy}
        </Button>
      </Group>
    </Stack>
  );
}

function RenameModal({ user, onClose }: { user: ApiUser; onClose: () => void }) {
  const { update } = useApiUserMutations();
  const form = useSchemaForm({ schema: apiUserPatchBodySchema, initialValues: { name: user.name } });
  const submit = form.onSubmit((body) =>
    update.mutate({ id: user.id, name: body.name }, saveHandlers(form, { saved: texts.renamed, invalidInput: texts.invalidInput, onSaved: onClose })),
  );
  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': dialogTexts.close }} title={texts.renameTitle}>
      <form onSubmit={submit} noValidate data-testid="api-user-rename-form">
        <Stack>
          <TextInput label={texts.name} required {...form.getInputProps('name')} data-testid="api-user-rename-input" data-autofocus />
          <FormErrorAlerts errors={form.errors} shown={['name']} />
          <FormActions cancelLabel={texts.cancel} onCancel={onClose} submitLabel={texts.save} sending={update.isPending} submitTestId="api-user-rename-save" />
        </Stack>
      </form>
    </Modal>
  );
}
