import { Link } from 'react-router';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import { paths } from '../../app/paths';

/** Orders spec §2.8: no courier linked yet; links to the courier settings. */
export function NoCourierBanner() {
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={20} />} data-testid="no-courier-banner">
      <Text size="sm">
        {texts.noCourierLinked}{' '}
        <Anchor component={Link} to={paths.courierServices} size="sm" fw={600}>
          {texts.noCourierLink}
        </Anchor>
      </Text>
    </Alert>
  );
}
