import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Center, Group, Loader, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { ApiError } from '@verzendhuis/contract/client';
import type { PickupPoint } from '@verzendhuis/contract/order';
import type { PickupLocation } from '@verzendhuis/contract/pickup-point';
import { formatDistance, openingWeek, pickupPointTexts, pickupPointWebTexts as texts } from '@verzendhuis/domain/pickup-points';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { LocationMap } from '../../ui/map/location-map';

/** Orders spec §9: the selected point is scrolled into view after 500 ms. */
export const pickupPointScrollDelayMs = 500;

/** The query key of one search; only this modal asks for pickup points. */
const pickupPointsKey = (courierId: string, country: string, search: string) => ['pickup-points', courierId, country, search] as const;

/** The point as the order keeps it: without geo and opening hours, with the courier it was chosen for. */
export function toOrderPickupPoint(location: PickupLocation, courierId: string): PickupPoint {
  return { id: location.id, name: location.name, address: location.address, courier_id: courierId };
}

/**
 * The pickup point modal of the order form (orders spec §2.8, §5, §8, §9): a search,
 * prefilled from the recipient; the courier's points as a map and a list side by side
 * (stacked on a phone); choosing in either selects, and the selected point is scrolled
 * into view after 500 ms. The list is a radio group, so the keyboard chooses with the
 * arrow keys.
 */
export function PickupPointModal({
  opened,
  onClose,
  onConfirm,
  courierId,
  country,
  initialSearch,
  current,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: (point: PickupPoint) => void;
  courierId: string;
  country: string;
  /** From the recipient's address (`recipientPickupSearch`); null when it has too little. */
  initialSearch: string | null;
  /** The point the order has now, selected when it is among the results. */
  current: PickupPoint | null;
}) {
  const client = useApiClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const [text, setText] = useState(initialSearch ?? '');
  const [search, setSearch] = useState(initialSearch ?? '');
  const [selectedId, setSelectedId] = useState<string | null>(current?.id ?? null);
  const [missingChoice, setMissingChoice] = useState(false);
  const listRef = useRef<HTMLDivElement | null>(null);

  // Every opening starts from the recipient's address and the order's point.
  useEffect(() => {
    if (!opened) return;
    setText(initialSearch ?? '');
    setSearch(initialSearch ?? '');
    setSelectedId(current?.id ?? null);
    setMissingChoice(false);
  }, [opened, initialSearch, current?.id]);

  const results = useQuery({
    queryKey: pickupPointsKey(courierId, country, search),
    queryFn: async () => (await client.pickupPoints.search({ courier_id: courierId, country_code: country || 'NL', search })).data,
    enabled: opened && search.trim().length > 0,
    staleTime: 5 * 60_000,
  });
  const groups = results.data ?? [];
  const locations = groups.flatMap((g) => g.locations);
  const selected = locations.find((l) => l.id === selectedId) ?? null;

  // Orders spec §9: the selected point comes into view half a second after it was chosen (or found).
  useEffect(() => {
    if (!selectedId || !opened) return;
    const timer = window.setTimeout(() => {
      const element = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-point-id]') ?? [])].find((e) => e.dataset.pointId === selectedId);
      element?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    }, pickupPointScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [selectedId, opened, results.data]);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setSearch(text.trim());
  };
  const choose = (id: string) => {
    setSelectedId(id);
    setMissingChoice(false);
  };
  const confirm = () => {
    if (!selected) return setMissingChoice(true);
    onConfirm(toOrderPickupPoint(selected, courierId));
  };

  const points = locations.flatMap((l) => (l.geo ? [{ id: l.id, latitude: l.geo.latitude, longitude: l.geo.longitude, title: l.name }] : []));

  return (
    <Modal opened={opened} onClose={onClose} title={texts.modalTitle} size="80rem" fullScreen={phone ?? false} closeButtonProps={{ 'aria-label': dialogTexts.close }} data-testid="pickup-point-modal">
      <Stack gap="sm">
        {/* A form of its own (not nested in the order form's DOM: the modal is portalled), so Enter searches. */}
        <form onSubmit={submitSearch} role="search">
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={texts.searchLabel}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 0 }}
              data-autofocus
              data-testid="pickup-point-search"
            />
            <Button type="submit" variant="default">
              {texts.searchButton}
            </Button>
          </Group>
        </form>
        {search.trim() === '' ? (
          <Alert color="yellow" data-testid="pickup-point-needs-search">
            {texts.recipientIncomplete}
          </Alert>
        ) : results.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={texts.loading} />
          </Center>
        ) : results.isError ? (
          <Alert color="red" data-testid="pickup-point-error">
            {results.error instanceof ApiError ? results.error.body.message : texts.searchFailed}
          </Alert>
        ) : (
          <>
            {groups
              .filter((g) => g.error)
              .map((g) => (
                <Alert key={g.courier.id} color="red" title={g.courier.label} data-testid="pickup-point-group-error">
                  {g.error}
                </Alert>
              ))}
            {locations.length === 0 ? (
              groups.some((g) => g.error) ? null : (
                <Text py="md" ta="center" data-testid="pickup-point-none">
                  {pickupPointTexts.noPoints}
                </Text>
              )
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
                <LocationMap
                  points={points}
                  selectedId={selectedId}
                  onSelect={choose}
                  label={texts.mapLabel}
                  height={phone ? 240 : 420}
                  fallback={
                    <Text size="sm" c="gray.7" data-testid="pickup-point-map-fallback">
                      {texts.mapUnavailable}
                    </Text>
                  }
                />
                <Box ref={listRef} mah={phone ? undefined : 420} style={{ overflowY: 'auto' }} data-testid="pickup-point-list">
                  <Radio.Group value={selectedId} onChange={choose} aria-label={texts.listLabel}>
                    <Stack gap="xs" p={2}>
                      {locations.map((location) => (
                        <PickupLocationCard key={location.id} location={location} />
                      ))}
                    </Stack>
                  </Radio.Group>
                </Box>
              </SimpleGrid>
            )}
          </>
        )}
        {missingChoice ? (
          <Text c="red.8" size="sm" role="alert">
            {texts.noneChosen}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button onClick={confirm} data-testid="pickup-point-confirm">
            {texts.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One point in the list: name, address, distance when known, and the week's opening hours, Monday first. */
function PickupLocationCard({ location }: { location: PickupLocation }) {
  const week = openingWeek(location.opening_hours);
  return (
    <Radio.Card value={location.id} p="sm" radius="md" data-point-id={location.id} data-testid="pickup-point-option">
      <Group wrap="nowrap" align="flex-start">
        <Radio.Indicator />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} size="sm">
              {location.name}
            </Text>
            {location.distance !== null ? (
              <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                {texts.distance(formatDistance(location.distance))}
              </Text>
            ) : null}
          </Group>
          <Text size="sm">
            {location.address.street_address}, {location.address.zip_code} {location.address.city}
          </Text>
          {location.opening_hours.length > 0 ? (
            <Box component="span" style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 8 }} data-testid="pickup-point-hours">
              {week.map((day) => (
                <Text key={day.dayOfWeek} component="span" size="xs" c="gray.7" style={{ display: 'contents' }}>
                  <span>{day.day}</span>
                  <span>{day.hours ?? texts.closed}</span>
                </Text>
              ))}
            </Box>
          ) : null}
        </Stack>
      </Group>
    </Radio.Card>
  );
}
