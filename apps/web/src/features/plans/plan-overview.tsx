import { Badge, Button, Card, Group, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AddonOffer, Renewal } from '@verzendhuis/contract/plan';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { dayBefore, formatDutchDate, formatEuros, formatIsoDateDutch, planPageTexts as texts } from '@verzendhuis/domain/plans';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { paths } from '../../app/paths';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { showSuccessToast } from '../../ui/toasts';
import { useOrganisation } from '../account/use-current-user';
import { useAddons, useLabelCounters, usePlanMutations, usePlans } from './use-plans';

function euros(price: string): string {
  return formatEuros(Math.round(Number(price) * 100));
}

/** "Betaald tot en met 30-11-2026" and the next renewal's day and amount (docs/plans.md "Renewals"). */
function RenewalText({ renewal, testId }: { renewal: Renewal; testId: string }) {
  return (
    <Text size="sm" data-testid={testId}>
      {texts.paidThrough(formatIsoDateDutch(dayBefore(renewal.paid_through)))} · {texts.nextRenewal(formatIsoDateDutch(renewal.paid_through), euros(renewal.amount))}
    </Text>
  );
}

/** /settings/plans: the current plan, this month's labels against its quota, the trial's end, and the add-ons. */
export function PlanOverview() {
  const organisation = useOrganisation();
  const plans = usePlans();
  const counters = useLabelCounters();
  const plan = organisation.plan;
  const current = plans.data?.find((p) => p.is_current);
  if (!plan) return null;
  const used = counters.data?.labels ?? 0;
  const quota = plan.quota.labels;

  return (
    <Stack gap="lg">
      <SettingsPageHeader
        title={screenTitles.plans}
        intro={texts.intro}
        actions={
          <Button component={Link} to={paths.plansChange} data-testid="plans-change">
            {texts.changePlan}
          </Button>
        }
      />
      <Card withBorder padding="lg" component="section" aria-labelledby="plan-current-title" data-testid="plan-current">
        <Stack gap="md">
          <Text size="sm" c="gray.7" id="plan-current-title">
            {texts.currentPlan}
          </Text>
          <Title order={2} data-testid="plan-current-name">
            {plan.name}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap={6}>
              <Text fw={600} size="sm" id="plan-usage-label">
                {texts.usage}
              </Text>
              {counters.data ? (
                <>
                  {quota !== null ? (
                    <Progress value={Math.min(100, (100 * used) / Math.max(1, quota))} color={used >= quota ? 'red' : 'blue'} aria-label={texts.usageOf(used, quota)} size="lg" />
                  ) : null}
                  <Text size="sm" data-testid="plan-usage">
                    {quota === null ? texts.usageUnlimited(used) : texts.usageOf(used, quota)}
                  </Text>
                </>
              ) : (
                <Loader size="xs" aria-label={texts.usage} />
              )}
            </Stack>
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {texts.monthlyPrice}
              </Text>
              <Text size="sm" data-testid="plan-price">
                {current ? (Number(current.monthly_price) === 0 ? texts.free : texts.perMonth(euros(current.monthly_price))) : '…'}
              </Text>
            </Stack>
          </SimpleGrid>
          {plan.capabilities.trial && plan.subscription.to ? (
            <Text size="sm" data-testid="plan-trial-end">
              {texts.trialEnds(formatDutchDate(new Date(new Date(plan.subscription.to).getTime() - 1).toISOString()))}
            </Text>
          ) : null}
          {current?.renewal ? <RenewalText renewal={current.renewal} testId="plan-renewal" /> : null}
        </Stack>
      </Card>
      <AddonsCard />
    </Stack>
  );
}

function AddonsCard() {
  const addons = useAddons();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="plan-addons-title" data-testid="plan-addons">
      <Stack gap="md">
        <Title order={2} size="h3" id="plan-addons-title">
          {texts.addonsTitle}
        </Title>
        <Text size="sm">{texts.addonsIntro}</Text>
        {!addons.data ? <Loader size="sm" aria-label={texts.addonsTitle} /> : addons.data.map((addon) => <AddonRow key={addon.code} addon={addon} />)}
      </Stack>
    </Card>
  );
}

/** Enables an add-on after the user confirmed; resolves to true once it is active. */
export function useEnableAddon() {
  const { enableAddon } = usePlanMutations();
  return {
    pending: enableAddon.isPending,
    async enable(addon: AddonOffer, period: 'month' | 'year'): Promise<boolean> {
      const price = period === 'month' ? texts.perMonth(euros(addon.monthly_price)) : texts.perYear(euros(addon.yearly_price));
      // Disabled but still in its paid period: it is kept on without a new charge (docs/plans.md).
      const message = addon.subscription?.to ? texts.addonResumeMessage(addon.name) : texts.addonConfirmMessage(addon.name, price);
      const confirmed = await openConfirmDialog({ title: texts.addonConfirmTitle(addon.name), message, confirmLabel: texts.enable, cancelLabel: texts.cancel });
      if (!confirmed) return false;
      try {
        await enableAddon.mutateAsync({ addon_id: addon.id, subscription_period: period });
        showSuccessToast(texts.addonEnabled(addon.name));
        return true;
      } catch (error) {
        handleUnexpectedError(error);
        return false;
      }
    },
  };
}

function AddonRow({ addon }: { addon: AddonOffer }) {
  const { disableAddon } = usePlanMutations();
  const { enable, pending } = useEnableAddon();
  const ending = addon.subscription?.to ?? null;
  async function disable() {
    const confirmed = await openConfirmDialog({ title: texts.addonDisableTitle(addon.name), message: texts.addonDisableMessage(addon.name), type: 'danger', confirmLabel: texts.disable, cancelLabel: texts.cancel });
    if (!confirmed) return;
    disableAddon.mutate({ addon_id: addon.id }, { onSuccess: () => showSuccessToast(texts.addonDisabled(addon.name)), onError: handleUnexpectedError });
  }
  return (
    <Card withBorder padding="md" data-testid={`addon-${addon.code}`} data-active={addon.is_active}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} maw={560}>
          <Group gap="xs">
            <Text fw={600}>{addon.name}</Text>
            <Badge variant="light" color={addon.is_active ? 'green' : 'gray'} styles={{ label: { color: 'var(--mantine-color-gray-9)' } }}>
              {addon.is_active ? texts.addonActive : texts.addonInactive}
            </Badge>
          </Group>
          <Text size="sm">{addon.description}</Text>
          <Text size="sm" c="gray.7">
            {texts.perMonth(euros(addon.monthly_price))} · {texts.perYear(euros(addon.yearly_price))}
          </Text>
          {addon.renewal && !ending ? <RenewalText renewal={addon.renewal} testId={`addon-${addon.code}-renewal`} /> : null}
          {ending ? (
            <Text size="sm" data-testid={`addon-${addon.code}-ending`}>
              {texts.addonActiveUntil(formatDutchDate(new Date(new Date(ending).getTime() - 1).toISOString()))}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {addon.is_active && !ending ? (
            <Button variant="default" color="red" onClick={() => void disable()} loading={disableAddon.isPending} data-testid={`addon-${addon.code}-disable`}>
              {texts.disable}
            </Button>
          ) : (
            <>
              <Button onClick={() => void enable(addon, 'month')} loading={pending} data-testid={`addon-${addon.code}-enable-month`}>
                {`${texts.enable}: ${texts.enablePerMonth.toLowerCase()}`}
              </Button>
              <Button variant="default" onClick={() => void enable(addon, 'year')} loading={pending} data-testid={`addon-${addon.code}-enable-year`}>
                {`${texts.enable}: ${texts.enablePerYear.toLowerCase()}`}
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Card>
  );
}
