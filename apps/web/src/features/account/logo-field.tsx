import { useState } from 'react';
import { Button, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@verzendhuis/contract/client';
import type { Organisation, User } from '@verzendhuis/contract/user';
import { logoFieldTexts as texts } from '@verzendhuis/domain/account-settings-texts';
import { checkLogo } from '@verzendhuis/domain/organisation-logo';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';

async function base64Of(file: File): Promise<{ bytes: Uint8Array; base64: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { bytes, base64: btoa(binary) };
}

/**
 * The organisation's logo: upload (PNG or JPEG, at most 1 MB; checked here by its bytes
 * and again by the server) and removal. Account-and-contact and /settings/branding.
 */
export function LogoField({ organisation }: { organisation: Organisation }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const stored = (answer: { data: Organisation }) => queryClient.setQueryData<User>(queryKeys.user, (user) => (user ? { ...user, organisation: answer.data } : user));
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const { bytes, base64 } = await base64Of(file);
      const checked = checkLogo(bytes);
      if ('problem' in checked) throw new Error(checked.problem);
      return client.user.uploadLogo({ file: { filename: file.name.slice(0, 255), base_64: base64 } });
    },
    onSuccess: (answer) => {
      setProblem(null);
      stored(answer);
      showSuccessToast(texts.uploaded);
    },
    onError: (error) => {
      const message = error instanceof ApiError ? (error.body.fields.file?.[0] ?? error.body.message) : error.message;
      setProblem(message);
      showErrorToast(message, texts.failed);
    },
  });
  const remove = useMutation({
    mutationFn: () => client.user.deleteLogo(),
    onSuccess: (answer) => {
      stored(answer);
      showSuccessToast(texts.removed);
    },
    onError: () => showErrorToast(texts.failed),
  });
  const url = organisation.company_logo_url;
  return (
    <Stack gap="xs" data-testid="logo-field">
      <Title order={2} size="h4">
        {texts.title}
      </Title>
      <Text size="sm" c="dimmed" id="logo-hint">
        {texts.hint}
      </Text>
      {url ? <Image src={url} alt={texts.current} maw={240} mah={80} fit="contain" data-testid="logo-image" /> : <Text size="sm">{texts.none}</Text>}
      <Group>
        <FileButton onChange={(file) => file && upload.mutate(file)} accept="image/png,image/jpeg" inputProps={{ 'aria-describedby': 'logo-hint', 'data-testid': 'logo-input' } as object}>
          {(props) => (
            <Button {...props} variant="default" loading={upload.isPending} aria-describedby="logo-hint">
              {texts.choose}
            </Button>
          )}
        </FileButton>
        {url && (
          <Button variant="subtle" color="red.8" onClick={() => remove.mutate()} loading={remove.isPending} data-testid="logo-remove">
            {texts.remove}
          </Button>
        )}
      </Group>
      {problem && (
        <Text size="sm" c="red.8" role="alert" data-testid="logo-error">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
