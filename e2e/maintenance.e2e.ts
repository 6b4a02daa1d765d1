import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import { startAppProcess, type AppProcess } from './support/app-process';

let app: AppProcess;
beforeAll(async () => {
  app = await startAppProcess({ port: Number(process.env.E2E_MAINTENANCE_PORT ?? 8095), env: { MAINTENANCE: '1', DEMO: '0' } });
});
afterAll(async () => {
  await app?.stop();
});

describe('maintenance', () => {
  it('sends every route to /down while MAINTENANCE=1', async () => {
    const session = await openBrowser();
    try {
      for (const path of ['/', '/dashboard', '/settings/account']) {
        await session.page.goto(`${app.url}${path}`);
        await session.page.waitForURL((url) => url.pathname === '/down');
        await session.page.getByTestId('maintenance-heading').waitFor();
      }
      expect(new URL(session.page.url()).pathname).toBe('/down');
    } finally {
      await session.close();
    }
  });
});
