import { Button, Tooltip } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { Label } from '@verzendhuis/contract/label';
import { labelScreenTexts as texts } from '@verzendhuis/domain/label-screens-texts';
import { returnLabelState } from './label-action-rules';
import { useCreateReturnLabel } from './use-create-return-label';

/**
 * Orders spec §2.7 "create return label": disabled, with the §8 tooltip, when the
 * label's carrier makes no return labels to the order's country (§5); not shown on
 * a return label.
 */
export function ReturnLabelButton({ label, courierClass }: { label: Label; courierClass?: string | null }) {
  const { create, creating } = useCreateReturnLabel();
  const state = returnLabelState(label, courierClass);
  if (!state.shown) return null;
  const button = (
    <Button
      variant="default"
      leftSection={<IconArrowBackUp size={16} aria-hidden />}
      disabled={state.refusal !== null}
      loading={creating}
      onClick={() => void create(label)}
      data-testid="label-create-return"
    >
      {texts.createReturnLabel}
    </Button>
  );
  if (!state.refusal) return button;
  return (
    <Tooltip label={state.refusal} withArrow multiline w={280}>
      <span data-testid="label-create-return-wrapper">{button}</span>
    </Tooltip>
  );
}
