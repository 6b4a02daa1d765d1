import { Outlet } from 'react-router';
import { NotFoundPage } from '../../routes/not-found/not-found-page';
import { useCurrentUser } from '../account/use-current-user';

/** The support pages exist only for Verzendhuis support (role operator); anyone else finds nothing there. */
export function RequireOperator() {
  const user = useCurrentUser();
  if (!user.is_operator) return <NotFoundPage inline />;
  return <Outlet />;
}
