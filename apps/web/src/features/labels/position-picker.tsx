import { Box, SimpleGrid, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { printControlsTexts as texts } from '@verzendhuis/domain/labels-texts';
import { startPositions, type StartPosition } from './label-settings';

/**
 * The first-page position on an A4 sheet (orders spec §2.8): a 2 x 2 picker,
 * 1 top-left, 2 top-right, 3 bottom-left, 4 bottom-right. A radio group, so the
 * arrow keys move between the positions.
 */
export function PositionPicker({ value, onChange }: { value: StartPosition; onChange: (position: StartPosition) => void }) {
  const move = (delta: number) => {
    const next = startPositions[(startPositions.indexOf(value) + delta + startPositions.length) % startPositions.length];
    if (next) onChange(next);
  };
  return (
    <Tooltip label={texts.positionHint} multiline maw={260} withArrow openDelay={400}>
      <Box
        role="radiogroup"
        aria-label={texts.position}
        data-testid="position-picker"
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight' || event.key === 'ArrowDown') move(1);
          else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') move(-1);
          else return;
          event.preventDefault();
        }}
        style={{
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 4,
          padding: 2,
          width: 40,
          background: 'var(--mantine-color-white)',
        }}
      >
        <SimpleGrid cols={2} spacing={2} verticalSpacing={2}>
          {startPositions.map((position) => {
            const checked = position === value;
            return (
              <UnstyledButton
                key={position}
                role="radio"
                aria-checked={checked}
                aria-label={texts.positionLabel(position, texts.positionNames[position])}
                tabIndex={checked ? 0 : -1}
                onClick={() => onChange(position)}
                data-testid={`position-${position}`}
                style={{
                  height: 15,
                  borderRadius: 2,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  background: checked ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-1)',
                  color: checked ? 'var(--mantine-color-white)' : 'var(--mantine-color-gray-7)',
                }}
              >
                <Text span size="9px" fw={700} lh={1}>
                  {position}
                </Text>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Box>
    </Tooltip>
  );
}
