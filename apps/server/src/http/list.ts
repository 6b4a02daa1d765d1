/** The list answer of every list call: `{data, meta: {total, page, page_size}}`. */
export function listPage<Row, Item>(
  result: { rows: Row[]; total: number },
  query: { page: number; page_size: number },
  toItem: (row: Row) => Item,
): { data: Item[]; meta: { total: number; page: number; page_size: number } } {
  return { data: result.rows.map(toItem), meta: { total: result.total, page: query.page, page_size: query.page_size } };
}
