import { Button, Center } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { dataTableTexts } from '@verzendhuis/domain/orders-texts';

/** Shown when a background refresh brought data that differs from the rows on screen. */
export function NewDataBanner({ onShow }: { onShow: () => void }) {
  return (
    <Center>
      <Button
        size="xs"
        radius="xl"
        variant="light"
        leftSection={<IconRefresh size={14} aria-hidden />}
        onClick={onShow}
        title={dataTableTexts.newDataHint}
        data-testid="new-data-banner"
      >
        {dataTableTexts.newData}
      </Button>
    </Center>
  );
}
