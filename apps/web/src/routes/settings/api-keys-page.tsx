import { ApiUsersSettings } from '../../features/api-users/api-users-settings';

/** /settings/api-keys: API users. */
export function ApiKeysPage() {
  return <ApiUsersSettings />;
}
