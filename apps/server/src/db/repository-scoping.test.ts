import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Organisation scoping by construction (ARCHITECTURE.md, "Scoped repositories"): every
 * repository module under apps/server/src, found by walking the folder, is checked here.
 * Each exported create*Repository(db) returns only `for(organisationId)` (an object of
 * functions whose queries are all scoped to that organisation) and, where needed,
 * `crossOrganisation` (the few queries that really cross organisations, named as such).
 */

const serverSrc = path.resolve(import.meta.dirname, '..');

/**
 * Repositories that engineer A1 converts to the scoped shape on branch i10-a1. Until that
 * branch is merged they still have the old shape. The merge removes this set: the test
 * below fails as soon as one of them passes, so the set cannot outlive the conversion.
 */
/** Files named repository.ts or *-repository.ts (tests excluded), relative to `root`, sorted. */
function findRepositoryModules(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'migrations') walk(full);
      } else if (entry.name === 'repository.ts' || entry.name.endsWith('-repository.ts')) {
        found.push(path.relative(root, full).split(path.sep).join('/'));
      }
    }
  };
  walk(root);
  return found.sort();
}

/** A database that fails on any use: building a repository or calling `for` must not query. */
function standInDatabase(): unknown {
  const fail = (what: string): never => {
    throw new Error(`the database was used (${what}) while building the repository`);
  };
  const handler: ProxyHandler<() => void> = {
    get: (_target, property) => fail(`db.${String(property)}`),
    apply: () => fail('db()'),
    has: (_target, property) => fail(`'${String(property)}' in db`),
    ownKeys: () => fail('the keys of db'),
  };
  return new Proxy(() => undefined, handler);
}

/** The parameter list of a function, as written in its source. */
function parameterText(fn: (...args: never[]) => unknown): string {
  const source = Function.prototype.toString.call(fn);
  const open = source.indexOf('(');
  const arrow = source.indexOf('=>');
  // `x => ...` and `async x => ...`: one parameter, no parentheses.
  if (arrow !== -1 && (open === -1 || arrow < open)) return source.slice(0, arrow).replace(/^async\s+/, '').trim();
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === '(') depth += 1;
    else if (source[i] === ')' && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

/** A parameter named like an organisation id (organisationId, organisation_id, otherOrganisationIds, …). */
const organisationIdName = /organi[sz]ation_?id/i;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Promise);
}

function functionKeys(what: string, value: unknown, problems: string[]): Record<string, (...args: never[]) => unknown> {
  if (!isPlainObject(value)) {
    problems.push(`${what} is not an object of functions`);
    return {};
  }
  const functions: Record<string, (...args: never[]) => unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (typeof member === 'function') functions[key] = member as (...args: never[]) => unknown;
    else problems.push(`${what}.${key} is not a function`);
  }
  return functions;
}

/** What is wrong with one repository module's exports; empty when it has the scoped shape. */
function scopingProblems(moduleExports: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const factories = Object.entries(moduleExports).filter(([name, value]) => /^create\w*Repository$/.test(name) && typeof value === 'function');
  if (factories.length === 0) problems.push('exports no create*Repository(db)');
  for (const [name, value] of Object.entries(moduleExports)) {
    if (typeof value !== 'function' || factories.some(([factory]) => factory === name)) continue;
    // A free function that takes the organisation id would be a way around `for`.
    if (organisationIdName.test(parameterText(value as (...args: never[]) => unknown))) problems.push(`${name} takes an organisation id: put it inside for(organisationId) of a repository`);
  }
  for (const [name, factory] of factories) {
    let repository: unknown;
    try {
      repository = (factory as (db: unknown) => unknown)(standInDatabase());
    } catch (error) {
      problems.push(`${name}(db) failed: ${(error as Error).message}`);
      continue;
    }
    if (!isPlainObject(repository)) {
      problems.push(`${name}(db) does not return an object`);
      continue;
    }
    for (const key of Object.keys(repository)) {
      if (key !== 'for' && key !== 'crossOrganisation') problems.push(`${name}(db) returns '${key}': only 'for' and 'crossOrganisation' are allowed`);
    }
    if (typeof repository.for !== 'function') {
      problems.push(`${name}(db).for is not a function of the organisation id`);
    } else {
      let scoped: unknown;
      try {
        scoped = (repository.for as (organisationId: string) => unknown)('00000000-0000-4000-8000-000000000000');
      } catch (error) {
        problems.push(`${name}(db).for(organisationId) failed: ${(error as Error).message}`);
        continue;
      }
      for (const [method, fn] of Object.entries(functionKeys(`${name}(db).for(organisationId)`, scoped, problems))) {
        if (organisationIdName.test(parameterText(fn))) problems.push(`${name}(db).for(organisationId).${method} takes the organisation id again`);
      }
    }
    if ('crossOrganisation' in repository) functionKeys(`${name}(db).crossOrganisation`, repository.crossOrganisation, problems);
  }
  return problems;
}

describe('the checker of the scoped repository shape', () => {
  /** What the fake repositories below call on their database. */
  interface Db {
    insert: () => unknown;
    select: () => unknown;
  }

  it('accepts a repository of the scoped shape', () => {
    const good = {
      createGoodRepository: (database: Db) => ({
        for(organisationId: string) {
          return {
            async find(id: string) {
              return [database.select(), organisationId, id];
            },
            list: async (query: { page: number }) => [database.select(), organisationId, query],
          };
        },
        crossOrganisation: {
          async findPlan(id: string) {
            return [database.select(), id];
          },
        },
      }),
      searchWords: (search: string) => search.split(' '),
    };
    expect(scopingProblems(good)).toEqual([]);
  });

  it('rejects a repository of the old shape: methods that take the organisation id', () => {
    const old = {
      createOldRepository: (database: Db) => ({
        async find(organisationId: string, id: string) {
          return [database.select(), organisationId, id];
        },
        async upsertPlans() {
          return database.insert();
        },
      }),
    };
    expect(scopingProblems(old)).toEqual([
      "createOldRepository(db) returns 'find': only 'for' and 'crossOrganisation' are allowed",
      "createOldRepository(db) returns 'upsertPlans': only 'for' and 'crossOrganisation' are allowed",
      'createOldRepository(db).for is not a function of the organisation id',
    ]);
  });

  it('rejects a `for` that is no object of functions, or whose methods take the organisation id again', () => {
    const notFunctions = { createXRepository: () => ({ for: (organisationId: string) => ({ organisationId, find: () => organisationId }) }) };
    expect(scopingProblems(notFunctions)).toEqual(['createXRepository(db).for(organisationId).organisationId is not a function']);
    const notObject = { createXRepository: () => ({ for: async (organisationId: string) => ({ organisationId }) }) };
    expect(scopingProblems(notObject)).toEqual(['createXRepository(db).for(organisationId) is not an object of functions']);
    const again = {
      createXRepository: () => ({
        for: (organisationId: string) => ({
          async find(id: string, otherOrganisationId: string) {
            return [id, otherOrganisationId, organisationId];
          },
          update: ({ organisationId: other }: { organisationId: string }) => other,
          remove: (organisation_id: string) => organisation_id,
        }),
      }),
    };
    expect(scopingProblems(again)).toEqual([
      'createXRepository(db).for(organisationId).find takes the organisation id again',
      'createXRepository(db).for(organisationId).update takes the organisation id again',
      'createXRepository(db).for(organisationId).remove takes the organisation id again',
    ]);
  });

  it('rejects a factory or `for` that queries while being built, and crossOrganisation of non-functions', () => {
    const queriesAtBuild = { createXRepository: (database: Db) => ({ for: () => ({}), cached: database.select() }) };
    expect(scopingProblems(queriesAtBuild)).toEqual(['createXRepository(db) failed: the database was used (db.select) while building the repository']);
    const queriesInFor = { createXRepository: (database: Db) => ({ for: () => ({ rows: database.select() }) }) };
    expect(scopingProblems(queriesInFor)).toEqual([
      'createXRepository(db).for(organisationId) failed: the database was used (db.select) while building the repository',
    ]);
    const crossNotFunctions = { createXRepository: () => ({ for: () => ({}), crossOrganisation: { plans: [] } }) };
    expect(scopingProblems(crossNotFunctions)).toEqual(['createXRepository(db).crossOrganisation.plans is not a function']);
  });

  it('rejects a module without a factory, and a free function that takes the organisation id', () => {
    expect(scopingProblems({ find: (id: string) => id })).toEqual(['exports no create*Repository(db)']);
    const free = {
      createXRepository: () => ({ for: () => ({}) }),
      insertItem: (tx: unknown, organisationId: string) => [tx, organisationId],
    };
    expect(scopingProblems(free)).toEqual(['insertItem takes an organisation id: put it inside for(organisationId) of a repository']);
  });

  it('reads the parameters of every kind of function', () => {
    expect(parameterText(async function named(a: string, b = String(1)) { return [a, b]; })).toBe('a, b = String(1)');
    expect(parameterText((organisationId: string) => organisationId)).toBe('organisationId');
    const object = { async method(x: number) { return x; } };
    expect(parameterText(object.method)).toBe('x');
    expect(parameterText(async (organisation_id: string) => organisation_id)).toBe('organisation_id');
  });
});

describe('every repository module under apps/server/src', () => {
  const modules = findRepositoryModules(serverSrc);

  it('is found by walking the folder', () => {
    expect(modules).toEqual(expect.arrayContaining(['orders/repository.ts', 'organisation/repository.ts', 'couriers/repository.ts', 'billing/repository.ts', 'labels/repository.ts', 'labels/job-repository.ts', 'tracking/repository.ts', 'documents/order-documents-repository.ts']));
  });

  it.each(modules)('%s has the scoped shape', async (file) => {
    const moduleExports = (await import(path.join(serverSrc, file))) as Record<string, unknown>;
    expect(scopingProblems(moduleExports)).toEqual([]);
  });
});
