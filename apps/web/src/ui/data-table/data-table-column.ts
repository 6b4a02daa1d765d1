import type { ReactNode } from 'react';

export interface DataTableColumn<T> {
  id: string;
  header: string;
  /** The server's sort key; columns without one cannot be sorted. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
}
