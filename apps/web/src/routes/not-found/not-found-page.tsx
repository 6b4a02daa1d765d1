import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { notFoundTexts } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { FullPageMessage } from '../../ui/full-page-message';

export function NotFoundPage({ inline = false }: { inline?: boolean }) {
  return (
    <FullPageMessage
      inline={inline}
      title={notFoundTexts.title}
      message={notFoundTexts.message}
      headingTestId="not-found-heading"
      actions={
        <Button component={Link} to={paths.dashboard} data-testid="not-found-dashboard-link">
          {notFoundTexts.toDashboard}
        </Button>
      }
    />
  );
}
