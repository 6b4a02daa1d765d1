import { useState } from 'react';
import { Affix, Button, Modal } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { feedbackFormTexts } from '@verzendhuis/domain/frame-texts';
import { FeedbackForm } from './feedback-form';

/** The Feedback tab fixed on the right edge of the screen. */
export function FeedbackButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Affix position={{ right: 0, top: '50%' }} zIndex={150}>
        <Button
          onClick={() => setOpened(true)}
          leftSection={<IconMessage size={16} style={{ transform: 'rotate(90deg)' }} />}
          data-testid="feedback-button"
          radius={0}
          style={{
            writingMode: 'vertical-rl',
            transform: 'rotate(180deg) translateY(50%)',
            borderTopRightRadius: 'var(--mantine-radius-md)',
            borderBottomRightRadius: 'var(--mantine-radius-md)',
            height: 'auto',
            paddingBlock: 'var(--mantine-spacing-sm)',
            paddingInline: 6,
          }}
        >
          {feedbackFormTexts.button}
        </Button>
      </Affix>
      <Modal opened={opened} onClose={() => setOpened(false)} title={feedbackFormTexts.title} size="lg">
        <FeedbackForm onDone={() => setOpened(false)} />
      </Modal>
    </>
  );
}
