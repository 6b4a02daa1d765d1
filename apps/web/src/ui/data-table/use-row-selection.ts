import { useCallback, useMemo, useState } from 'react';
import { pageSelection, toggleAllOnPage, toggleRow, visibleSelection, type PageSelection } from './selection';

export interface RowSelection {
  selectedIds: string[];
  state: PageSelection;
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  toggleAll: () => void;
  clear: () => void;
}

/**
 * Checkboxes of the rows shown. The selection belongs to one view (`viewKey`: tab,
 * page, sort, search): another view starts empty, and rows that disappear from
 * the view drop out of it.
 */
export function useRowSelection(pageIds: readonly string[], viewKey: string): RowSelection {
  const [stored, setStored] = useState<{ viewKey: string; ids: string[] }>({ viewKey, ids: [] });
  const selectedIds = useMemo(
    () => (stored.viewKey === viewKey ? visibleSelection(stored.ids, pageIds) : []),
    [stored, viewKey, pageIds],
  );
  const update = useCallback(
    (change: (ids: string[]) => string[]) => setStored((prev) => ({ viewKey, ids: change(prev.viewKey === viewKey ? prev.ids : []) })),
    [viewKey],
  );
  return {
    selectedIds,
    state: pageSelection(selectedIds, pageIds),
    isSelected: (id) => selectedIds.includes(id),
    toggle: (id) => update((ids) => toggleRow(visibleSelection(ids, pageIds), id)),
    toggleAll: () => update((ids) => toggleAllOnPage(visibleSelection(ids, pageIds), pageIds)),
    clear: () => update(() => []),
  };
}
