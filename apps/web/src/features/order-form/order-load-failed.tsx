import { Link } from 'react-router';
import { Button, Group } from '@mantine/core';
import { ApiError } from '@verzendhuis/contract/client';
import { dataTableTexts, orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import { paths } from '../../app/paths';
import { FullPageMessage } from '../../ui/full-page-message';

/** The order (or the couriers) could not be loaded: not found, or try again. */
export function OrderLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  // A malformed id (400) is as absent as an unknown one (404).
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <FullPageMessage
      inline
      title={notFound ? texts.notFoundTitle : texts.loadFailed}
      message={notFound ? texts.notFound : undefined}
      headingTestId="order-load-failed"
      actions={
        <Group>
          {notFound ? null : <Button onClick={onRetry}>{dataTableTexts.retry}</Button>}
          <Button component={Link} to={paths.orders} variant="default">
            {texts.backToOrders}
          </Button>
        </Group>
      }
    />
  );
}
