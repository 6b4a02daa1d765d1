import { Paper, Stack, Text, Title } from '@mantine/core';
import { billingTabTexts as texts } from '@verzendhuis/domain/account-settings-texts';

/** /settings/account/billing-and-payment: the place of the direct-debit mandate, which comes with the billing issue. */
export function BillingSettings() {
  return (
    <Paper withBorder p="md" maw={640} data-testid="billing-placeholder">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {texts.title}
        </Title>
        <Text size="sm">{texts.body}</Text>
      </Stack>
    </Paper>
  );
}
