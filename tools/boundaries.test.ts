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
  ])('forbids %s: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).not.toEqual([]);
  });

  it.each([
    ['packages/contract/src/x.ts', "import { AppError } from '@verzendhuis/domain/errors';"],
    ['apps/web/src/x.ts', "import { createApiClient } from '@verzendhuis/contract/client';"],
    ['apps/server/src/x.ts', "import { AppError } from '@verzendhuis/domain/errors';"],
    ['apps/server/src/orders/x.ts', "import { connect } from '../db/client';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});
