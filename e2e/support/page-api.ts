import type { Page } from 'playwright-core';

/**
 * A call to the app's API as the user logged in on this page (the access token the web
 * app keeps in localStorage): for setting up data a test needs quickly and reading it
 * back, never for the steps the test is about.
 */
export async function pageApi<T>(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(window.localStorage).find((k) => k.startsWith('oidc.user'));
      const token = key ? (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : undefined;
      const response = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token ?? ''}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}
