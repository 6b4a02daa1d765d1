import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the import boundaries of ARCHITECTURE.md', () => {
  it.each([
    ['packages/domain/src/x.ts', "import { z } from '@verzendhuis/contract/common';"],
    ['packages/domain/src/x.ts', "import { buildApp } from '@verzendhuis/server/app';"],
    ['packages/contract/src/x.ts', "import { buildApp } from '@verzendhuis/server/app';"],
    ['apps/web/src/x.ts', "import { buildApp } from '@verzendhuis/server/app';"],
    ['apps/web/src/x.ts', "import { loadConfig } from '../../server/src/config';"],
    ['apps/server/src/x.ts', "import { App } from '@verzendhuis/web/app';"],
    ['apps/server/src/x.ts', "import { run } from '../../../bench/run';"],
    // The fakes of the outside world import no part of the project ...
    ['packages/test-fakes/src/x.ts', "import { drawTestLabel } from '@verzendhuis/server/documents/test-label';"],
    ['packages/test-fakes/src/x.ts', "import { AppError } from '@verzendhuis/domain/errors';"],
    // ... and the code under test never imports them; e2e never imports the server.
    ['apps/server/src/carriers/postnl/adapter.ts', "import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';"],
    ['apps/web/src/x.ts', "import { startFakePdok } from '@verzendhuis/test-fakes/fake-pdok';"],
    ['packages/domain/src/x.ts', "import { startFakePdok } from '../../test-fakes/src/fake-pdok';"],
    ['e2e/x.e2e.ts', "import { startFakePostnl } from '@verzendhuis/server/test-support/fake-postnl';"],
    ['e2e/support/x.ts', "import { buildApp } from '@verzendhuis/server/app';"],
    ['bench/x.ts', "import { App } from '@verzendhuis/web/app';"],
    ['apps/print-client/src/x.ts', "import { buildApp } from '@verzendhuis/server/app';"],
    ['apps/print-client/src/client.ts', "import { startFakePrintServer } from '@verzendhuis/test-fakes/fake-print-server';"],
  ])('forbids %s: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).not.toEqual([]);
  });

  it.each([
    ['packages/contract/src/x.ts', "import { AppError } from '@verzendhuis/domain/errors';"],
    ['apps/web/src/x.ts', "import { createApiClient } from '@verzendhuis/contract/client';"],
    ['apps/server/src/x.ts', "import { AppError } from '@verzendhuis/domain/errors';"],
    ['apps/server/src/orders/x.ts', "import { connect } from '../db/client';"],
    ['apps/server/src/carriers/postnl/postnl.int.test.ts', "import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';"],
    ['apps/server/test-support/server.ts', "import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';"],
    ['e2e/postnl.e2e.ts', "import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';"],
    ['bench/api.ts', "import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';"],
    ['bench/run.ts', "import { startRuntime } from '@verzendhuis/server/runtime';"],
    ['apps/print-client/src/client.ts', "import { printClientTexts } from '@verzendhuis/domain/print-client-texts';"],
    ['apps/print-client/src/print-client.int.test.ts', "import { startFakePrintServer } from '@verzendhuis/test-fakes/fake-print-server';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});
