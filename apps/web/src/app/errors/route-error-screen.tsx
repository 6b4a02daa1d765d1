import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { dialogTexts, globalErrorTexts } from '@verzendhuis/domain/frame-texts';
import { FullPageMessage } from '../../ui/full-page-message';
import { isChunkLoadError } from './classify-error';
import { handleUnexpectedError } from './handle-unexpected-error';

/**
 * Shown in place of a screen that failed to load or render. Inside the frame the
 * top bar stays; at the root it fills the page.
 */
export function RouteErrorScreen({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const newVersion = isChunkLoadError(error);

  useEffect(() => {
    handleUnexpectedError(error);
  }, [error]);

  const title = newVersion ? globalErrorTexts.newVersionTitle : dialogTexts.genericTitle;
  const message = newVersion ? globalErrorTexts.newVersionScreen : dialogTexts.genericMessage;
  const action = (
    <Button onClick={() => window.location.reload()}>
      {newVersion ? globalErrorTexts.reload : globalErrorTexts.retry}
    </Button>
  );

  if (fullPage) return <FullPageMessage title={title} message={message} actions={action} />;
  return (
    <Center mih={300}>
      <Stack align="center" ta="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        {action}
      </Stack>
    </Center>
  );
}
