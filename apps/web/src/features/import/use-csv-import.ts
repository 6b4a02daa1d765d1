import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportMapping } from '@verzendhuis/contract/order-import';
import { readCsv, writeCsv, type CsvTable } from '@verzendhuis/domain/csv-file';
import { detectLayout, headerKey, readOrders, templateRows, type ColumnMapping, type CsvReading, type ImportLayout } from '@verzendhuis/domain/csv-import';
import { importPageTexts as texts } from '@verzendhuis/domain/import-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';
import { markOwnChange } from '../../ui/data-table/own-changes';
import { saveFile } from '../labels/save-file';
import { ordersScope } from '../orders/use-orders-list';

export const importKeys = {
  mappings: ['import', 'mappings'] as const,
  jobs: ['import', 'jobs'] as const,
};

/** A chosen file as the page reads it: the same reading the server does (packages/domain csv-file, csv-import). */
export interface ChosenFile {
  file: File;
  table: CsvTable;
  layout: ImportLayout | null;
  reading: CsvReading | null;
}

export type ReadOutcome = { file: ChosenFile } | { failure: 'empty' | 'not_csv' | 'unreadable' };

export async function readChosenFile(file: File, mappings: readonly ImportMapping[]): Promise<ReadOutcome> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { failure: 'unreadable' };
  }
  const table = readCsv(bytes);
  if ('failure' in table) return table;
  if (table.rows.length === 0) return { failure: 'empty' };
  return { file: withLayout({ file, table, layout: null, reading: null }, mappings) };
}

/** Recognises the file's layout (ours, or a remembered mapping of its columns) and reads its orders. */
export function withLayout(chosen: ChosenFile, mappings: readonly ImportMapping[]): ChosenFile {
  const key = headerKey(chosen.table.headers);
  const remembered = mappings.find((m) => headerKey(m.headers) === key)?.mapping ?? null;
  const layout = detectLayout(chosen.table.headers, remembered as ColumnMapping | null);
  return { ...chosen, layout, reading: layout ? readOrders(chosen.table, layout) : null };
}

export function downloadTemplate(): void {
  // A byte-order mark, so that Excel opens the UTF-8 template with its accents intact.
  saveFile(new Blob(['\ufeff', writeCsv(templateRows())], { type: 'text/csv;charset=utf-8' }), texts.templateFileName);
}

export function useImportMappings() {
  const client = useApiClient();
  return useQuery({ queryKey: importKeys.mappings, queryFn: async () => (await client.orderImport.mappings()).data });
}

export function useSaveMapping() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportMapping) => client.orderImport.saveMapping(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.mappings }),
  });
}

/** POST order/import: a dry run (nothing stored) or the import itself. */
export function useUploadImport() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { file: File; dryRun: boolean }) => (await client.orderImport.upload(input.file, input.file.name, { dryRun: input.dryRun })).data,
    onSuccess: (summary) => {
      if (summary.dry_run) return;
      markOwnChange(ordersScope);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      if (summary.job_id) void queryClient.invalidateQueries({ queryKey: importKeys.jobs });
    },
  });
}
