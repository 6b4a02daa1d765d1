import type { Organisation, User } from '@verzendhuis/contract/user';
import { useCurrentUserQuery } from './use-current-user-query';

/** The logged-in user; only for screens behind the authentication guard, which loads it first. */
export function useCurrentUser(): User {
  const { data } = useCurrentUserQuery();
  if (!data) throw new Error('useCurrentUser is used before the user was loaded');
  return data;
}

export function useOrganisation(): Organisation {
  return useCurrentUser().organisation;
}
