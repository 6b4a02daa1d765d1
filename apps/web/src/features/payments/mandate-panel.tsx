import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClock, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiError } from '@verzendhuis/contract/client';
import type { MandateState } from '@verzendhuis/contract/payments';
import { generalErrorMessages } from '@verzendhuis/domain/messages';
import { mandateTexts as texts } from '@verzendhuis/domain/payments-texts';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { showSuccessToast } from '../../ui/toasts';
import { useMandate, useMandateMutations } from './use-mandate';

const look: Record<MandateState['status'], { color: string; icon: ReactNode; text: string }> = {
  none: { color: 'gray', icon: <IconInfoCircle size={20} />, text: texts.none },
  validating: { color: 'yellow', icon: <IconClock size={20} />, text: texts.validating },
  ready: { color: 'green', icon: <IconCircleCheck size={20} />, text: texts.active },
  error: { color: 'red', icon: <IconAlertCircle size={20} />, text: texts.error },
};

const messageOf = (error: unknown) => (error instanceof ApiError ? error.body.message : generalErrorMessages.default);

/** The billing-and-payment tab's mandate: its state, setting one up (to the provider's checkout) and removing it. */
export function MandatePanel() {
  const mandate = useMandate();
  const { setUp, remove } = useMandateMutations();

  async function confirmRemove() {
    const confirmed = await openConfirmDialog({ title: texts.removeTitle, message: texts.removeBody, type: 'danger', confirmLabel: texts.removeConfirm, cancelLabel: texts.removeCancel });
    if (confirmed) remove.mutate(undefined, { onSuccess: () => showSuccessToast(texts.removed) });
  }

  const state = mandate.data;
  const failure = setUp.error ?? remove.error;
  return (
    <Paper withBorder p="md" maw={640} data-testid="mandate-panel">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {texts.title}
        </Title>
        <Text size="sm">{texts.intro}</Text>
        {mandate.isPending ? <Loader size="sm" aria-label={texts.statusLabel} /> : null}
        {mandate.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={20} />} data-testid="mandate-load-failed">
            {texts.loadFailed}
          </Alert>
        ) : null}
        {state ? (
          <Alert color={look[state.status].color} icon={look[state.status].icon} role="status" data-testid="mandate-status" data-status={state.status}>
            <Stack gap={2}>
              <Text size="sm" fw={700}>
                {texts.statusLabel}
              </Text>
              <Text size="sm">{look[state.status].text}</Text>
              {state.account_last_digits ? <Text size="sm">{texts.account(state.account_last_digits)}</Text> : null}
              {state.consumer_name ? <Text size="sm">{texts.consumer(state.consumer_name)}</Text> : null}
            </Stack>
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert" data-testid="mandate-failure">
            {messageOf(failure)}
          </Alert>
        ) : null}
        {state ? (
          <Group gap="sm">
            {state.status === 'none' || state.status === 'error' ? (
              <Button onClick={() => setUp.mutate()} loading={setUp.isPending || setUp.isSuccess} data-testid="mandate-set-up">
                {state.status === 'error' ? texts.setUpAgain : texts.setUp}
              </Button>
            ) : null}
            {state.status === 'validating' ? (
              <Button variant="default" onClick={() => setUp.mutate()} loading={setUp.isPending || setUp.isSuccess} data-testid="mandate-set-up">
                {texts.setUpAgain}
              </Button>
            ) : null}
            {state.status !== 'none' ? (
              <Button color="red.9" variant="outline" onClick={() => void confirmRemove()} loading={remove.isPending} data-testid="mandate-remove">
                {texts.remove}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
