import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { firstLoginTexts } from '@verzendhuis/domain/frame-texts';
import { FirstLoginForm } from '../../features/onboard/first-login-form';
import { LogoLink } from '../../features/frame/logo-link';

/** /onboard/first-login: complete the organisation before the first shipment. */
export function FirstLoginPage() {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} maw={560} w="100%">
        <Stack>
          <LogoLink />
          <Title order={1} size="h2">
            {firstLoginTexts.title}
          </Title>
          <Text c="dimmed">{firstLoginTexts.intro}</Text>
          <FirstLoginForm />
        </Stack>
      </Paper>
    </Center>
  );
}
