import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { weightLimits } from '@verzendhuis/domain/order';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import { toNumber } from './form-values';
import type { OrderFormController } from './use-order-form';

/** Orders spec §5: without a courier the form allows one package. */
const packagesWithoutCourier = 1;

/** Pakket(ten): a weight in grams per package, at most the courier's max_packages. */
export function PackagesSection({ ctl }: { ctl: OrderFormController }) {
  const packages = ctl.values.shipment.packages;
  const max = ctl.courier?.meta.max_packages ?? packagesWithoutCourier;
  const total = packages.reduce((sum, p) => sum + (toNumber(p.weight) ?? 0), 0);
  const countProblem = ctl.problemAt('shipment.packages') ?? (ctl.form.errors['shipment.packages'] ? { message: String(ctl.form.errors['shipment.packages']), status: 'error' as const } : null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="section-packages">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="section-packages">
            {texts.sections.packages}
          </Title>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} />}
            onClick={ctl.addPackage}
            disabled={packages.length >= max}
            title={packages.length >= max ? texts.maxPackages(max) : undefined}
            data-testid="add-package"
          >
            {texts.addPackage}
          </Button>
        </Group>
        {packages.map((pkg, index) => (
          <Group key={pkg.key} align="flex-start" wrap="nowrap" gap="xs">
            <NumberInput
              label={texts.packageWeight(index + 1)}
              {...ctl.bind(`shipment.packages.${index}.weight`)}
              min={0}
              max={1_000_000}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator="."
              decimalSeparator=","
              suffix=" g"
              style={{ flex: 1 }}
              data-testid={`package-weight-${index}`}
            />
            {packages.length > 1 ? (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={texts.removePackage(index + 1)}
                onClick={() => ctl.removePackage(index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            ) : null}
          </Group>
        ))}
        {countProblem ? (
          <Text size="sm" c="red" data-testid="packages-problem">
            {countProblem.message}
          </Text>
        ) : null}
        {total > weightLimits.separateLabelsNoteAbove ? (
          <Alert color="blue" icon={<IconInfoCircle size={18} />} p="xs" data-testid="separate-labels-note">
            <Text size="sm">{texts.separateLabelsNote}</Text>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
