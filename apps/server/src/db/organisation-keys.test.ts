import { describe, expect, it } from 'vitest';
import { checkOrganisationKeys, type KeyCatalogue } from './organisation-keys';

/** A small catalogue that keeps the rule: orders and labels keyed by (organisation_id, id). */
function goodCatalogue(): KeyCatalogue {
  return {
    tables: [
      { name: 'organisations', columns: ['id', 'name'] },
      { name: 'plans', columns: ['id'] },
      { name: 'users', columns: ['id', 'organisation_id', 'email'] },
      { name: 'orders', columns: ['id', 'organisation_id', 'external_key'] },
      { name: 'labels', columns: ['id', 'organisation_id', 'order_id', 'user_id'] },
    ],
    keys: [
      { table: 'organisations', name: 'organisations_pkey', kind: 'primary', columns: ['id'] },
      { table: 'users', name: 'users_pkey', kind: 'primary', columns: ['id'] },
      { table: 'users', name: 'users_email_unique', kind: 'unique', columns: [null] },
      { table: 'orders', name: 'orders_pkey', kind: 'primary', columns: ['organisation_id', 'id'] },
      { table: 'orders', name: 'orders_external_key_idx', kind: 'unique', columns: ['organisation_id', 'external_key'] },
      { table: 'orders', name: 'orders_organisation_fk', kind: 'foreign', columns: ['organisation_id'], refTable: 'organisations', refColumns: ['id'] },
      { table: 'labels', name: 'labels_pkey', kind: 'primary', columns: ['organisation_id', 'id'] },
      { table: 'labels', name: 'labels_order_id_fkey', kind: 'foreign', columns: ['organisation_id', 'order_id'], refTable: 'orders', refColumns: ['organisation_id', 'id'] },
      { table: 'labels', name: 'labels_user_fk', kind: 'foreign', columns: ['user_id'], refTable: 'users', refColumns: ['id'] },
    ],
  };
}
const exceptions = { tables: { users: { reason: 'login', citus: 'reference table' } }, keys: {} };

describe('checkOrganisationKeys', () => {
  it('passes a catalogue that keeps the rule', () => {
    expect(checkOrganisationKeys(goodCatalogue(), exceptions)).toEqual([]);
  });

  it('names a primary key, a unique index and a foreign key without organisation_id', () => {
    const catalogue = goodCatalogue();
    catalogue.keys = catalogue.keys.map((k) => {
      if (k.name === 'labels_pkey') return { ...k, columns: ['id'] };
      if (k.name === 'orders_external_key_idx') return { ...k, columns: ['external_key'] };
      if (k.name === 'labels_order_id_fkey') return { ...k, columns: ['order_id'], refColumns: ['id'] };
      return k;
    });
    expect(checkOrganisationKeys(catalogue, exceptions)).toEqual([
      'orders: unique key orders_external_key_idx (external_key) lacks organisation_id',
      'labels: primary key labels_pkey (id) lacks organisation_id',
      'labels: foreign key labels_order_id_fkey (order_id) → orders (id) does not join on organisation_id',
    ]);
  });

  it('names a foreign key that pairs organisation_id with another column, and a table without it referring to an organisation table', () => {
    const catalogue = goodCatalogue();
    catalogue.tables.push({ name: 'chunks', columns: ['label_id', 'position'] });
    catalogue.keys.push(
      { table: 'chunks', name: 'chunks_label_fk', kind: 'foreign', columns: ['label_id'], refTable: 'labels', refColumns: ['id'] },
      { table: 'labels', name: 'labels_crossed_fk', kind: 'foreign', columns: ['organisation_id', 'order_id'], refTable: 'orders', refColumns: ['id', 'organisation_id'] },
    );
    expect(checkOrganisationKeys(catalogue, exceptions)).toEqual([
      'chunks: foreign key chunks_label_fk refers to the organisation table labels but chunks has no organisation_id',
      'labels: foreign key labels_crossed_fk (organisation_id, order_id) → orders (id, organisation_id) does not join on organisation_id',
    ]);
  });

  it('names stale exceptions, and checks an excepted table like any other once it leaves the list', () => {
    const stale = {
      tables: { users: exceptions.tables.users, gone: { reason: 'x', citus: 'x' } },
      keys: { orders: { orders_external_key_idx: { reason: 'x', citus: 'x' }, orders_missing_idx: { reason: 'x', citus: 'x' } } },
    };
    expect(checkOrganisationKeys(goodCatalogue(), stale)).toEqual([
      'exception gone: no organisation table of that name (stale entry)',
      'exception orders.orders_external_key_idx: includes organisation_id already (stale entry)',
      'exception orders.orders_missing_idx: no unique key of that name (stale entry)',
    ]);
    expect(checkOrganisationKeys(goodCatalogue(), { tables: {}, keys: {} })).toEqual([
      'users: primary key users_pkey (id) lacks organisation_id',
      'users: unique key users_email_unique (<expression>) lacks organisation_id',
      'labels: foreign key labels_user_fk (user_id) → users (id) does not join on organisation_id',
    ]);
  });
});
