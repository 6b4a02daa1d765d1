import { createContext } from 'react';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous' | 'signing-out';

export interface AuthContextValue {
  status: AuthStatus;
  /** Sends the browser to the identity provider; after login it returns to `returnTo`. */
  login: (returnTo?: string) => Promise<void>;
  /** Like login, but opens the provider's registration page (built-in provider only). */
  register: (returnTo?: string) => Promise<void>;
  /** Finishes the redirect back from the provider; resolves to the path to continue on. */
  completeLogin: () => Promise<string>;
  /** Clears the cached user and organisation and signs out at the provider. */
  logout: () => Promise<void>;
  /** Forgets a session the API refused or that could not be renewed, and logs in again. */
  restartLogin: () => Promise<void>;
  getAccessToken: () => Promise<string | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
