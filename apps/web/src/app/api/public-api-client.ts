import { createApiClient } from '@verzendhuis/contract/client';

/** For the calls made before login (GET /api/config); sends no token. */
export const publicApiClient = createApiClient({ baseUrl: window.location.origin });
