import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Loader, Modal, NativeSelect, Stack, Text, Timeline, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconMapPin, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { LabelTracking, TrackingEntry, TrackingLocation } from '@verzendhuis/contract/tracking';
import { countryName } from '@verzendhuis/domain/countries';
import { isTrackingEventName, trackingEventTexts } from '@verzendhuis/domain/tracking';
import { trackingHistoryTexts as texts } from '@verzendhuis/domain/tracking-history';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';
import { LocationMap } from '../../ui/map/location-map';
import { formatDateTime } from './format';
import { useLabelActions } from './use-label-actions';

/** GET label/{id}/tracking. */
export function useTrackingHistory(labelId: string) {
  const client = useApiClient();
  return useQuery({ queryKey: queryKeys.labelTracking(labelId), queryFn: async () => (await client.tracking.history(labelId)).data, staleTime: 0 });
}

/** The lines of a place: its name, street, postcode and town, and the country when it is not the Netherlands. */
export function placeLines(location: TrackingLocation): string[] {
  const town = [location.zipcode, location.city].filter(Boolean).join(' ');
  const country = location.country && location.country !== 'NL' ? countryName(location.country) : null;
  return [location.name, location.address_1, location.address_2, town, country].filter((line): line is string => !!line && line.trim() !== '');
}

function AddressCard({ location }: { location: TrackingLocation }) {
  return (
    <Card withBorder padding="md" data-testid="tracking-address-card">
      <Text size="sm" mb="xs">
        {texts.noMap}
      </Text>
      <Text component="address" size="sm" style={{ fontStyle: 'normal' }}>
        {placeLines(location).map((line) => (
          <span key={line} style={{ display: 'block' }}>
            {line}
          </span>
        ))}
      </Text>
    </Card>
  );
}

/** The map dialog of one location (zoom 15); the address card when there are no coordinates or no tile loads. */
export function LocationDialog({ location, onClose }: { location: TrackingLocation | null; onClose: () => void }) {
  const place = location ? (placeLines(location)[0] ?? texts.mapTitle) : texts.mapTitle;
  const points =
    location && location.latitude !== null && location.longitude !== null ? [{ id: 'location', latitude: location.latitude, longitude: location.longitude, title: place }] : [];
  return (
    <Modal opened={location !== null} onClose={onClose} title={place} size="lg" closeButtonProps={{ 'aria-label': texts.close }} data-testid="tracking-location-dialog">
      {location ? (
        <Stack gap="sm">
          <LocationMap points={points} selectedId="location" zoom={15} height={360} label={texts.mapLabel(place)} fallback={<AddressCard location={location} />} />
          {points.length > 0 ? (
            <Text size="sm" c="gray.7" data-testid="tracking-location-address">
              {placeLines(location).join(', ')}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

function EntryItem({ entry, onShowLocation }: { entry: TrackingEntry; onShowLocation: (location: TrackingLocation) => void }) {
  const title = isTrackingEventName(entry.event) ? trackingEventTexts[entry.event] : texts.unknownEvent;
  const place = entry.location ? placeLines(entry.location) : [];
  return (
    <Stack gap={2} data-testid="tracking-entry" data-event={entry.event}>
      <Group gap={4} wrap="nowrap" align="center">
        <Text size="sm" fw={600} data-testid="tracking-entry-title">
          {title}
        </Text>
        {entry.courier_description ? (
          <Tooltip label={entry.courier_description} multiline maw={320} withArrow events={{ hover: true, focus: true, touch: true }}>
            <ActionIcon variant="subtle" color="gray.8" size="sm" aria-label={texts.courierDescription(entry.courier_description)} data-testid="tracking-entry-description">
              <IconInfoCircle size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <Text size="xs" c="gray.7">
        <time dateTime={entry.occurred_at}>{formatDateTime(entry.occurred_at)}</time>
      </Text>
      {entry.location && place.length > 0 ? (
        <Group gap={6} wrap="wrap" align="center">
          <Text size="xs" c="gray.7" data-testid="tracking-entry-location">
            {place.join(', ')}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconMapPin size={14} aria-hidden />}
            aria-label={texts.showOnMapOf(place[0] ?? texts.mapTitle)}
            onClick={() => entry.location && onShowLocation(entry.location)}
            data-testid="tracking-entry-map"
          >
            {texts.showOnMap}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function History({ tracking, labelId }: { tracking: LabelTracking; labelId: string }) {
  const [packageNumber, setPackageNumber] = useState<number | null>(null);
  const [shown, setShown] = useState<TrackingLocation | null>(null);
  const actions = useLabelActions();
  const current = tracking.packages.find((p) => p.package_number === packageNumber) ?? tracking.packages[0];
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" align="flex-end">
        {tracking.packages.length > 1 ? (
          <NativeSelect
            label={texts.packageSelect}
            value={String(current?.package_number ?? '')}
            onChange={(event) => setPackageNumber(Number(event.currentTarget.value))}
            data={tracking.packages.map((p) => ({ value: String(p.package_number), label: texts.packageOption(p.package_number, p.tracking_number) }))}
            data-testid="tracking-package-select"
            w={{ base: '100%', xs: 'auto' }}
          />
        ) : (
          <span />
        )}
        <Group gap="sm" align="center">
          <Text size="xs" c="gray.7" data-testid="tracking-refreshed-at">
            {tracking.tracking_date ? texts.lastRefreshed(formatDateTime(tracking.tracking_date)) : texts.neverRefreshed}
          </Text>
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} loading={actions.busy} onClick={() => void actions.refreshTracking([labelId])} data-testid="tracking-refresh">
            {texts.refresh}
          </Button>
        </Group>
      </Group>
      {!current || current.tracking.length === 0 ? (
        <Text size="sm">{texts.empty}</Text>
      ) : (
        <Timeline active={current.tracking.length - 1} bulletSize={14} lineWidth={2} color="blue.8" data-testid="tracking-history-list">
          {current.tracking.map((entry) => (
            <Timeline.Item key={`${entry.event}|${entry.occurred_at}`}>
              <EntryItem entry={entry} onShowLocation={setShown} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <LocationDialog location={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}

/**
 * Orders spec §2.7, the tracking history per package: a package selector when the label
 * has more than one, the entries in the order the server gives them (by first_seen_at,
 * with the order and ticket added, ready and printed merged), each with its Dutch status,
 * its date and time, the carrier's words as a tooltip and its place with a map dialog.
 */
export function TrackingHistory({ labelId }: { labelId: string }) {
  const history = useTrackingHistory(labelId);
  return (
    <Card withBorder padding="md" data-testid="tracking-history">
      <Title order={2} size="h4" mb="sm">
        {texts.title}
      </Title>
      {history.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{texts.loading}</Text>
        </Group>
      ) : history.isError ? (
        <Alert color="red" title={texts.loadFailed}>
          <Button size="xs" variant="light" onClick={() => void history.refetch()}>
            {texts.retry}
          </Button>
        </Alert>
      ) : (
        <History tracking={history.data} labelId={labelId} />
      )}
    </Card>
  );
}
