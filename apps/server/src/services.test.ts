import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceDir = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** A file that makes a service, a repository or a queue: a call of one of their factories (not its definition). */
const makesServices = /(?<!function )\bcreate\w*(Repository|Service|Queue|Drawing|Registry|Crypto)\(/;

// Scoping of every repository is db/repository-scoping.test.ts's rule.
describe('the composition root', () => {
  it('is the only place where routes and jobs get their services: no route or job file makes one', () => {
    const routeAndJobFiles = sourceFiles(sourceDir).filter((file) => /(^|-)(routes|jobs|workers)\.ts$/.test(path.basename(file)));
    expect(routeAndJobFiles.length).toBeGreaterThan(10);
    const offenders = routeAndJobFiles.filter((file) => makesServices.test(readFileSync(file, 'utf8'))).map((file) => path.relative(sourceDir, file));
    expect(offenders).toEqual([]);
  });

  it('is the only place the label drawing threads are made: nothing sets them through a global', () => {
    const drawingMakers = sourceFiles(sourceDir)
      .filter((file) => /(?<!function )\bcreateLabelDrawing\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(sourceDir, file));
    expect(drawingMakers).toEqual(['services.ts']);
  });
});
