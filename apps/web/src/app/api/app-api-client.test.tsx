import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@verzendhuis/contract/client';
import { errorResponse, fakeApi, noAnswer } from '../../test-support/fake-api';
import { ApiClientProvider } from './api-client-provider';
import { createAppApiClient } from './app-api-client';
import { useApiClient, useApiSession } from './use-api-client';

const counters = { data: { labels: 1, quota: 50 } };

function setup() {
  const api = fakeApi();
  const app = createAppApiClient({ baseUrl: 'http://app.test', fetch: api.fetch });
  const wrapper = ({ children }: { children: ReactNode }) => <ApiClientProvider client={app}>{children}</ApiClientProvider>;
  return { api, app, wrapper };
}

describe("the app's API client", () => {
  it('sends no token and ends no session before the login is connected', async () => {
    const { api, app } = setup();
    api.on('GET', '/api/labelcounters/', () => counters);
    await app.client.labels.counters();
    expect(api.requests[0]?.headers).not.toHaveProperty('authorization');
  });

  it("sends the login's token while it is connected, and hands every 401 to it", async () => {
    const { api, wrapper } = setup();
    const onUnauthorized = vi.fn();
    const getAccessToken = async () => 'token-1';
    const { result, unmount } = renderHook(
      () => {
        useApiSession(getAccessToken, onUnauthorized);
        return useApiClient();
      },
      { wrapper },
    );
    api.on('GET', '/api/labelcounters/', () => counters);
    await result.current.labels.counters();
    expect(api.requests[0]?.headers.authorization).toBe('Bearer token-1');

    const gone = () => errorResponse(401, { message_code: 'unauthenticated', type: 'authentication' });
    api.on('GET', '/api/labelcounters/', gone);
    api.on('POST', '/api/label/pdf', gone);
    await expect(result.current.labels.counters()).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // A file call too, and a refusal that is not a 401 ends nothing.
    await expect(result.current.labels.pdf({ label_ids: ['00000000-0000-4000-8000-000000000001'] })).rejects.toBeInstanceOf(ApiError);
    await expect(result.current.labels.get('00000000-0000-4000-8000-000000000001')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);

    // A request that gets no answer is no 401: the caller gets a NetworkError.
    api.on('GET', '/api/labelcounters/', noAnswer);
    await expect(result.current.labels.counters()).rejects.toBeInstanceOf(NetworkError);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);

    unmount();
    api.on('GET', '/api/labelcounters/', () => counters);
    await result.current.labels.counters();
    expect(api.requests.at(-1)?.headers).not.toHaveProperty('authorization');
  });
});
