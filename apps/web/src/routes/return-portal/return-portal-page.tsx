import { useCallback, useState, type ReactNode } from 'react';
import { Container, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '@verzendhuis/contract/client';
import type { ReturnCreated, ReturnLookup, ReturnLookupBody, ReturnPortal } from '@verzendhuis/contract/returns';
import { returnPortalTexts as texts } from '@verzendhuis/domain/returns';
import { useApiClient } from '../../app/api/use-api-client';
import { checkoutNavigation, ReturnPaymentStep } from '../../features/returns/return-payment-step';
import { ReturnChooseStep, ReturnDoneStep, ReturnLookupStep } from '../../features/returns/return-portal-steps';
import { FullPageMessage } from '../../ui/full-page-message';

type Step = { kind: 'lookup' } | { kind: 'choose'; proof: ReturnLookupBody; found: ReturnLookup } | { kind: 'done'; proof: ReturnLookupBody; created: ReturnCreated };

/** The portal's frame: the organisation's name and logo above the step; the not-found page for a portal that is off. */
function ReturnPortalFrame({ slug, children }: { slug: string; children: (portal: ReturnPortal) => ReactNode }) {
  const client = useApiClient();
  const portal = useQuery({ queryKey: ['return-portal', slug], queryFn: async () => (await client.returnPortal.get(slug)).data, retry: false });
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
          {children(data)}
        </Paper>
      </Stack>
    </Container>
  );
}

function PortalDone({ slug, proof, created }: { slug: string; proof: ReturnLookupBody; created: ReturnCreated }) {
  const client = useApiClient();
  const loadPdf = useCallback(() => client.returnPortal.labelPdf(slug, { ...proof, label_id: created.label_id }), [client, slug, proof, created]);
  return <ReturnDoneStep created={created} loadPdf={loadPdf} />;
}

/** /retour/:slug, the public return portal (no login; docs/returns.md). consumer_paid goes to the provider's checkout. */
export function ReturnPortalPage() {
  const { slug = '' } = useParams();
  const [step, setStep] = useState<Step>({ kind: 'lookup' });
  return (
    <ReturnPortalFrame slug={slug}>
      {(data) =>
        step.kind === 'lookup' ? (
          <Stack>
            <Text style={{ whiteSpace: 'pre-line' }}>{data.intro_text ?? texts.defaultIntro}</Text>
            <ReturnLookupStep slug={slug} onFound={(proof, found) => setStep({ kind: 'choose', proof, found })} />
          </Stack>
        ) : step.kind === 'choose' ? (
          <ReturnChooseStep
            slug={slug}
            portal={data}
            proof={step.proof}
            found={step.found}
            onBack={() => setStep({ kind: 'lookup' })}
            onCreated={(created) => ('checkout_url' in created ? checkoutNavigation.go(created.checkout_url) : setStep({ kind: 'done', proof: step.proof, created }))}
          />
        ) : (
          <PortalDone slug={slug} proof={step.proof} created={step.created} />
        )
      }
    </ReturnPortalFrame>
  );
}

/** /retour/:slug/betaling/:id: back from the payment provider's checkout. */
export function ReturnPaymentPage() {
  const { slug = '', id = '' } = useParams();
  return <ReturnPortalFrame slug={slug}>{() => <ReturnPaymentStep slug={slug} returnId={id} />}</ReturnPortalFrame>;
}
