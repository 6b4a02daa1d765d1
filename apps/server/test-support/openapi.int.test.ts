import { expect, it } from 'vitest';
import { apiOperations, fillPath } from './openapi';
import { testServerForFile } from './server';

const { server } = testServerForFile({ organisations: [] });

it('lists every call of the document with its parameters and JSON body', async () => {
  const operations = await apiOperations(server.url);
  const label = operations.find((operation) => operation.method === 'GET' && operation.path === '/api/label/{id}');
  expect(label?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
  const create = operations.find((operation) => operation.method === 'POST' && operation.path === '/api/order/create');
  expect(create?.body?.schema.type).toBe('object');
  expect(operations.length).toBeGreaterThan(100);
  expect(fillPath('/api/ticket/{id}/attachment/{attachmentId}', { id: 'a b', attachmentId: '1' })).toBe('/api/ticket/a%20b/attachment/1');
});
