import { Link, useParams } from 'react-router';
import { Button } from '@mantine/core';
import { IconPuzzle } from '@tabler/icons-react';
import { addonTexts } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { isAddonCode } from '../../features/addons/has-active-addon';
import { FullPageMessage } from '../../ui/full-page-message';

/** /addon-not-active/:addon?: a route needed an add-on the organisation does not have. */
export function AddonNotActivePage() {
  const { addon } = useParams();
  return (
    <FullPageMessage
      inline
      icon={<IconPuzzle size={40} aria-hidden />}
      title={addonTexts.title}
      message={isAddonCode(addon) ? addonTexts[addon] : addonTexts.genericMessage}
      headingTestId="addon-not-active-heading"
      actions={
        <Button component={Link} to={paths.plans}>
          {addonTexts.toPlans}
        </Button>
      }
    />
  );
}
