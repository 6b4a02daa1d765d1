import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { topBarTexts } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';

export function LogoLink() {
  return (
    <Anchor component={Link} to={paths.home} underline="never" fw={800} fz="xl" data-testid="logo-link">
      {topBarTexts.logo}
    </Anchor>
  );
}
