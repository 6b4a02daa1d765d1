import { useState } from 'react';
import { Container, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '@verzendhuis/contract/client';
import type { ReturnCreated, ReturnLookup, ReturnLookupBody } from '@verzendhuis/contract/returns';
import { returnPortalTexts as texts } from '@verzendhuis/domain/returns';
import { useApiClient } from '../../app/api/use-api-client';
import { ReturnChooseStep, ReturnDoneStep, ReturnLookupStep } from '../../features/returns/return-portal-steps';
import { FullPageMessage } from '../../ui/full-page-message';

type Step = { kind: 'lookup' } | { kind: 'choose'; proof: ReturnLookupBody; found: ReturnLookup } | { kind: 'done'; proof: ReturnLookupBody; created: ReturnCreated };

/** /retour/:slug, the public return portal (no login; docs/returns.md). */
export function ReturnPortalPage() {
  const { slug = '' } = useParams();
  const client = useApiClient();
  const portal = useQuery({ queryKey: ['return-portal', slug], queryFn: async () => (await client.returnPortal.get(slug)).data, retry: false });
  const [step, setStep] = useState<Step>({ kind: 'lookup' });
  if (portal.isPending) {
    return (
      <Container component="main" py="xl">
        <Loader aria-label={texts.title} />
      </Container>
    );
  }
  if (portal.isError) {
    const missing = portal.error instanceof ApiError && portal.error.status === 404;
    return <FullPageMessage title={missing ? texts.notFoundTitle : texts.title} message={<Text>{missing ? texts.notFoundText : texts.loadFailed}</Text>} headingTestId="return-portal-not-found" />;
  }
  const data = portal.data;
  return (
    <Container component="main" size={720} px="sm" py="lg">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          {data.organisation.logo_url ? <Image src={data.organisation.logo_url} alt={data.organisation.name} h={48} w="auto" fit="contain" /> : null}
          <Stack gap={0}>
            <Text fw={700} size="lg" data-testid="return-portal-organisation">
              {data.organisation.name}
            </Text>
            <Title order={1} size="h2">
              {texts.title}
            </Title>
          </Stack>
        </Group>
        <Paper withBorder p={{ base: 'sm', xs: 'lg' }}>
          {step.kind === 'lookup' ? (
            <Stack>
              <Text style={{ whiteSpace: 'pre-line' }}>{data.intro_text ?? texts.defaultIntro}</Text>
              <ReturnLookupStep slug={slug} onFound={(proof, found) => setStep({ kind: 'choose', proof, found })} />
            </Stack>
          ) : step.kind === 'choose' ? (
            <ReturnChooseStep slug={slug} portal={data} proof={step.proof} found={step.found} onBack={() => setStep({ kind: 'lookup' })} onCreated={(created) => setStep({ kind: 'done', proof: step.proof, created })} />
          ) : (
            <ReturnDoneStep slug={slug} proof={step.proof} created={step.created} />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
