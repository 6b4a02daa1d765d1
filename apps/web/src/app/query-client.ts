import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@verzendhuis/contract/client';

const maxRetries = 2;

/** A refused request (4xx) gives the same answer when repeated; network and server failures may not. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < maxRetries;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
