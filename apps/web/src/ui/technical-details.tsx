import { useState } from 'react';
import { Button, Code, Collapse, Stack } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';

/** Technical details of an error, hidden until the user asks for them. */
export function TechnicalDetails({ details }: { details: string }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        justify="start"
        w="fit-content"
        aria-expanded={expanded}
        leftSection={expanded ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
        onClick={() => setExpanded((value) => !value)}
      >
        {expanded ? dialogTexts.hideDetails : dialogTexts.showDetails}
      </Button>
      <Collapse expanded={expanded}>
        <Code block mah={240} style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {details}
        </Code>
      </Collapse>
    </Stack>
  );
}
