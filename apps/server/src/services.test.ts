import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import { createOrderDocumentRepository } from './documents/order-documents-repository';
import { createLabelJobRepository } from './labels/job-repository';
import { createLabelRepository } from './labels/repository';
import { createTrackingRepository } from './tracking/repository';

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

describe('the scoped repositories of labels, label jobs, tracking and documents', () => {
  // The factories only close over the database; nothing is queried here.
  const db = {} as Database;
  const scoped = {
    labels: createLabelRepository(db),
    labelJobs: createLabelJobRepository(db),
    tracking: createTrackingRepository(db),
    orderDocuments: createOrderDocumentRepository(db),
  };

  it('offer organisation data only through for(organisationId), and name the queries across organisations', () => {
    for (const [name, repository] of Object.entries(scoped)) {
      expect(Object.keys(repository).filter((key) => key !== 'for' && key !== 'crossOrganisation'), name).toEqual([]);
      expect(typeof repository.for, name).toBe('function');
    }
    expect(Object.keys(scoped.labelJobs.crossOrganisation)).toEqual(['lock']);
    expect(Object.keys(scoped.tracking.crossOrganisation)).toEqual(['dueLabels']);
  });

  it('take no organisation id in the methods of one organisation', () => {
    for (const [name, repository] of Object.entries(scoped)) {
      for (const [method, fn] of Object.entries(repository.for('00000000-0000-0000-0000-000000000000') as Record<string, unknown>)) {
        expect(typeof fn, `${name}.${method}`).toBe('function');
        expect(String(fn).slice(0, String(fn).indexOf(')')), `${name}.${method}`).not.toMatch(/organisationId/);
      }
    }
  });
});
