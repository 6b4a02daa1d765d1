import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, Group, Loader, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconCircleCheck, IconPlugConnectedX } from '@tabler/icons-react';
import type { OnboardRestoreBody } from '@verzendhuis/contract/shop';
import { onboardTexts } from '@verzendhuis/domain/frame-texts';
import { onboardRestoreTexts as texts } from '@verzendhuis/domain/shops-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { paths } from '../../app/paths';
import { queryKeys } from '../../app/query-keys';
import { FullPageMessage } from '../../ui/full-page-message';

/**
 * Account spec §2 Onboard page, logged in: the link of `service` (a shop platform or a
 * courier class) is restored once; success shows Koppeling succesvol with the way to the
 * dashboard, failure Probleem met koppelen with the request to contact support.
 */
export function OnboardRestore({ request }: { request: OnboardRestoreBody }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: (body: OnboardRestoreBody) => client.onboard.restore(body),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.shops }), queryClient.invalidateQueries({ queryKey: queryKeys.couriers })]),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    restore.mutate(request);
  }, [restore, request]);

  if (restore.isSuccess) {
    return (
      <FullPageMessage
        title={texts.success}
        headingTestId="onboard-restore-heading"
        icon={<IconCircleCheck size={40} color="var(--mantine-color-green-7)" aria-hidden />}
        message={<Text c="gray.7">{texts.successText(restore.data.data.label)}</Text>}
        actions={
          <Button component={Link} to={paths.dashboard} data-testid="onboard-to-dashboard">
            {texts.toDashboard}
          </Button>
        }
      />
    );
  }
  if (restore.isError) {
    const services = request.service_type === 'shop' ? paths.shopServices : paths.courierServices;
    return (
      <FullPageMessage
        title={texts.failure}
        headingTestId="onboard-restore-heading"
        icon={<IconPlugConnectedX size={40} color="var(--mantine-color-red-7)" aria-hidden />}
        message={<Text c="gray.7">{texts.failureText}</Text>}
        actions={
          <Group justify="center">
            <Button component={Link} to={services} variant="default" data-testid="onboard-to-services">
              {texts.toServices}
            </Button>
            <Button component={Link} to={paths.dashboard}>
              {texts.toDashboard}
            </Button>
          </Group>
        }
      />
    );
  }
  return <FullPageMessage title={onboardTexts.restoreTitle} headingTestId="onboard-restore-heading" actions={<Loader aria-label={onboardTexts.restoreTitle} />} />;
}
