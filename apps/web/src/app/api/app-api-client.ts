import { createApiClient, type ApiClient } from '@verzendhuis/contract/client';

/** What the API client needs of the login: the token to send, and what a 401 means. */
export interface ApiSession {
  getAccessToken: () => Promise<string | null>;
  /** The API answered 401: the session is over (revoked, or expired past renewal). */
  onUnauthorized: () => void;
}

export interface AppApiClient {
  client: ApiClient;
  /** Connects the login; returns the function that disconnects it again. */
  attachSession: (session: ApiSession) => () => void;
}

/**
 * The app's one API client (every call of the web app goes through it). It exists
 * before the login does, because GET /api/config says where to log in; the login
 * attaches itself once it exists (`useApiSession`). From then on every call sends its
 * token, and a 401 of any call ends the session here, in one place. A call that gets
 * no answer fails with the client's NetworkError.
 */
export function createAppApiClient(options: { baseUrl?: string; fetch?: typeof fetch } = {}): AppApiClient {
  let session: ApiSession | null = null;
  const client = createApiClient({
    baseUrl: options.baseUrl ?? window.location.origin,
    fetch: options.fetch,
    getToken: () => session?.getAccessToken() ?? null,
    onUnauthorized: () => session?.onUnauthorized(),
  });
  return {
    client,
    attachSession(next) {
      session = next;
      return () => {
        if (session === next) session = null;
      };
    },
  };
}
