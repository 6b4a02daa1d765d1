import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PlanOffer } from '@verzendhuis/contract/plan';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { formatEuros, planPageTexts as texts } from '@verzendhuis/domain/plans';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { paths } from '../../app/paths';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { showSuccessToast } from '../../ui/toasts';
import { useOrganisation } from '../account/use-current-user';
import { usePlanMutations, usePlans } from './use-plans';

function priceText(plan: PlanOffer): string {
  const cents = Math.round(Number(plan.monthly_price) * 100);
  return cents === 0 ? texts.free : texts.perMonth(formatEuros(cents));
}

/** /settings/plans/change: the plans as cards; choosing one asks to confirm, then changes at once. */
export function PlanChange() {
  const organisation = useOrganisation();
  const plans = usePlans();
  const { changePlan } = usePlanMutations();

  async function choose(plan: PlanOffer) {
    const confirmed = await openConfirmDialog({ title: texts.confirmTitle, message: texts.confirmMessage(plan.name), confirmLabel: texts.confirm, cancelLabel: texts.cancel });
    if (!confirmed) return;
    changePlan.mutate({ plan_id: plan.id }, { onSuccess: () => showSuccessToast(texts.changed(plan.name)), onError: handleUnexpectedError });
  }

  return (
    <Stack gap="lg">
      <SettingsPageHeader
        title={screenTitles.plansChange}
        intro={texts.changeIntro}
        actions={
          organisation.plan ? (
            <Button component={Link} to={paths.plans} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} data-testid="plans-back">
              {texts.backToPlans}
            </Button>
          ) : null
        }
      />
      {!plans.data ? (
        plans.isError ? (
          <Text c="red.8">{texts.loadFailed}</Text>
        ) : (
          <Loader size="sm" aria-label={screenTitles.plansChange} />
        )
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" data-testid="plan-cards">
          {plans.data.map((plan) => (
            <Card
              key={plan.id}
              withBorder
              padding="lg"
              component="section"
              aria-labelledby={`plan-${plan.id}-name`}
              data-testid={`plan-card-${plan.id}`}
              data-current={plan.is_current}
              style={plan.is_current ? { borderColor: 'var(--mantine-color-blue-7)', borderWidth: 2 } : undefined}
            >
              <Stack gap="sm" h="100%" justify="space-between">
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs">
                    <Title order={2} size="h3" id={`plan-${plan.id}-name`}>
                      {plan.name}
                    </Title>
                    {plan.is_current ? (
                      <Badge variant="light" leftSection={<IconCheck size={12} aria-hidden />} styles={{ label: { color: 'var(--mantine-color-gray-9)' } }}>
                        {texts.current}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm">{texts.quota(plan.quota.labels)}</Text>
                  <Text fw={600}>{priceText(plan)}</Text>
                </Stack>
                {plan.is_current ? null : (
                  <Button onClick={() => void choose(plan)} loading={changePlan.isPending && changePlan.variables.plan_id === plan.id} data-testid={`plan-choose-${plan.id}`}>
                    {texts.choose(plan.name)}
                  </Button>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
