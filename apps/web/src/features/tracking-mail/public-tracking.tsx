import { useQuery } from '@tanstack/react-query';
import { Box, Container, Group, Image, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { ApiError } from '@verzendhuis/contract/client';
import { countryName } from '@verzendhuis/domain/countries';
import { buttonTextColour } from '@verzendhuis/domain/tracking-mail';
import { trackingMailTexts as texts } from '@verzendhuis/domain/tracking-mail-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { LoadingScreen } from '../../ui/loading-screen';

const formatDateTime = (iso: string) => new Date(iso).toLocaleString('nl-NL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

/** /volg/{token}: the public tracking page of the tracking e-mails, in the shop's name, colour and logo; no login. */
export function PublicTracking({ token }: { token: string }) {
  const client = useApiClient();
  const tracking = useQuery({
    queryKey: ['public-tracking', token],
    queryFn: async () => (await client.trackingMail.publicTracking(token)).data,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  if (tracking.isPending) return <LoadingScreen />;
  if (tracking.isError) {
    return (
      <Container size="sm" py="xl">
        <Title order={1}>{texts.publicTitle}</Title>
        <Text mt="md" data-testid="public-tracking-error">
          {tracking.error instanceof ApiError && tracking.error.status === 404 ? texts.publicNotFound : tracking.error.message}
        </Text>
      </Container>
    );
  }
  const data = tracking.data;
  const brand = data.shop.brand_color;
  const onBrand = buttonTextColour(brand).colour;
  const destination = [data.destination.zipcode_area, data.destination.city, data.destination.country ? countryName(data.destination.country) : null].filter(Boolean).join(' ');
  return (
    <Box component="main" mih="100vh" bg="gray.0">
      <Box style={{ borderTop: `8px solid ${brand}` }} bg="white" py="md">
        <Container size="sm">
          {data.shop.logo_url ? (
            <Image src={data.shop.logo_url} alt={data.shop.name} h={48} w="auto" fit="contain" />
          ) : (
            <Text fw={700} size="xl" data-testid="public-tracking-shop">
              {data.shop.name}
            </Text>
          )}
        </Container>
      </Box>
      <Container size="sm" py="lg">
        <Stack gap="md">
          <Title order={1}>{texts.publicTitle}</Title>
          <Paper withBorder p="md">
            <Stack gap="xs">
              <Group gap="sm" wrap="wrap">
                <Text fw={600}>{texts.publicStatus}:</Text>
                <Text component="span" px="sm" py={2} fw={700} style={{ background: brand, color: onBrand, borderRadius: 4 }} data-testid="public-tracking-status">
                  {texts.labelStatusNames[data.status] ?? data.status}
                </Text>
              </Group>
              <Text>
                <strong>{texts.publicCarrier}:</strong> {data.carrier}
              </Text>
              {data.tracking_number && (
                <Text style={{ overflowWrap: 'anywhere' }}>
                  <strong>{texts.publicTrackingNumber}:</strong> {data.tracking_number}
                </Text>
              )}
              {destination && (
                <Text>
                  <strong>{texts.publicDestination}:</strong> {destination}
                </Text>
              )}
            </Stack>
          </Paper>
          {data.packages.map((p) => (
            <Paper withBorder p="md" key={p.package_number} data-testid="public-tracking-package">
              <Title order={2} size="h4" mb="sm">
                {data.packages.length > 1 ? texts.publicPackage(p.package_number) : texts.publicHistory}
              </Title>
              {p.events.length === 0 ? (
                <Text>{texts.publicNoHistory}</Text>
              ) : (
                <Timeline active={0} bulletSize={14} lineWidth={2} color="dark">
                  {p.events.map((e) => (
                    <Timeline.Item key={`${e.event}-${e.occurred_at}`} title={e.description}>
                      <Text size="sm" c="gray.8">
                        {formatDateTime(e.occurred_at)}
                        {e.city ? ` · ${e.city}` : ''}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              )}
            </Paper>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
