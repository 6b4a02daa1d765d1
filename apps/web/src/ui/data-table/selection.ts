export type PageSelection = 'none' | 'some' | 'all';

export function toggleRow(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

/** The header checkbox: selects every row of the page, or clears them when all are selected. */
export function toggleAllOnPage(selected: readonly string[], pageIds: readonly string[]): string[] {
  if (pageSelection(selected, pageIds) === 'all') return selected.filter((id) => !pageIds.includes(id));
  return [...selected, ...pageIds.filter((id) => !selected.includes(id))];
}

export function pageSelection(selected: readonly string[], pageIds: readonly string[]): PageSelection {
  const count = pageIds.filter((id) => selected.includes(id)).length;
  if (count === 0) return 'none';
  return count === pageIds.length ? 'all' : 'some';
}

/** Only rows that are shown can stay selected: a bulk action never touches an unseen row. */
export function visibleSelection(selected: readonly string[], pageIds: readonly string[]): string[] {
  return selected.filter((id) => pageIds.includes(id));
}
