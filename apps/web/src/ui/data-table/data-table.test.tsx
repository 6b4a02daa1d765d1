import { useMemo } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataTableTexts } from '@verzendhuis/domain/orders-texts';
import { currentUrl, renderInApp } from '../../test-support/render-app';
import { DataTable } from './data-table';
import type { DataTableColumn } from './data-table-column';
import { DataTablePagination } from './data-table-pagination';
import { DataTableSearch } from './data-table-search';
import { nextSort, parseSort, type ListParams } from './list-params';
import { NewDataBanner } from './new-data-banner';
import { markOwnChange } from './own-changes';
import { SelectionBar } from './selection-bar';
import { useListParams } from './use-list-params';
import { useRefreshingList } from './use-refreshing-list';
import { useRowSelection } from './use-row-selection';

interface Person {
  id: string;
  name: string;
  city: string;
}

interface Page {
  data: Person[];
  meta: { total: number; page: number; page_size: number };
}

const cities = ['Amsterdam', 'Utrecht', 'Groningen', 'Zwolle', 'Delft'];
/** Sixty people: Persoon 01 … Persoon 60 (names sort as numbers do). */
const everyone = (): Person[] =>
  Array.from({ length: 60 }, (_, i) => ({ id: `p${i + 1}`, name: `Persoon ${String(i + 1).padStart(2, '0')}`, city: cities[i % cities.length]! }));

/** A server that pages, sorts and searches like the API's lists, and remembers what it was asked. */
function fakeListServer(people = everyone()) {
  const asked: ListParams[] = [];
  const askedAt: number[] = [];
  return {
    asked,
    askedAt,
    people,
    async load(params: ListParams): Promise<Page> {
      asked.push(params);
      askedAt.push(Date.now());
      const { key, descending } = parseSort(params.sort);
      const field = key === 'city' ? 'city' : 'name';
      const found = people
        .filter((p) => !params.search || p.name.toLowerCase().includes(params.search.toLowerCase()))
        .sort((a, b) => a[field].localeCompare(b[field]) * (descending ? -1 : 1) || a.name.localeCompare(b.name));
      const from = (params.page - 1) * params.pageSize;
      return { data: found.slice(from, from + params.pageSize), meta: { total: found.length, page: params.page, page_size: params.pageSize } };
    },
  };
}

const columns: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Naam', sortKey: 'name', render: (p) => p.name },
  { id: 'city', header: 'Plaats', sortKey: 'city', render: (p) => p.city },
  { id: 'id', header: 'Kenmerk', render: (p) => p.id },
];
const noRows: Person[] = [];

/** The parts of the data table put together the way every dashboard tab does. */
function PeopleList({ load }: { load: (params: ListParams) => Promise<Page> }) {
  const [params, setParams] = useListParams('name');
  const list = useRefreshingList({ queryKey: ['people', params], queryFn: () => load(params), scope: 'people' });
  const rows = list.data?.data ?? noRows;
  const rowIds = useMemo(() => rows.map((p) => p.id), [rows]);
  const selection = useRowSelection(rowIds, `${params.page}|${params.pageSize}|${params.sort}|${params.search}`);
  return (
    <>
      <DataTableSearch search={params.search} onSearch={(search) => setParams({ search })} />
      {list.hasNewData ? <NewDataBanner onShow={list.showNewData} /> : null}
      <SelectionBar count={selection.selectedIds.length} onClear={selection.clear}>
        <span />
      </SelectionBar>
      {list.data ? (
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(p) => p.id}
          getRowLabel={(p) => p.name}
          sort={params.sort}
          onSort={(key) => setParams({ sort: nextSort(params.sort, key) })}
          selection={selection}
          busy={list.isSwitching}
          empty={<p data-testid="people-empty">{dataTableTexts.noResults}</p>}
          testId="people"
        />
      ) : null}
      {/* Nothing (no range, no buttons) until there is a total. */}
      <DataTablePagination page={params.page} pageSize={params.pageSize} total={list.data?.meta.total ?? 0} onPageChange={(page) => setParams({ page })} onPageSizeChange={(pageSize) => setParams({ pageSize })} />
    </>
  );
}

/** The names in the table body, top to bottom. */
const shownNames = () =>
  within(screen.getByTestId('people'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

const range = () => screen.getByTestId('list-range').textContent;

function renderList(route = '/', server = fakeListServer()) {
  const rendered = renderInApp(<PeopleList load={server.load} />, { route });
  return { ...rendered, server };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the data table', () => {
  it('shows the first page of rows, sorted by the default, with the range and the page buttons', async () => {
    const { server } = renderList();
    await waitFor(() => expect(shownNames()).toHaveLength(25));
    expect(shownNames()[0]).toBe('Persoon 01');
    expect(shownNames()[24]).toBe('Persoon 25');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['', 'Naam', 'Plaats', 'Kenmerk']);
    expect(range()).toBe('1–25 van 60');
    expect(server.asked).toEqual([{ page: 1, pageSize: 25, sort: 'name', search: '' }]);
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4' })).toBeNull();
    expect(currentUrl()).toBe('/');
  });

  it('reads page, page size, sort and search from the URL', async () => {
    const { server } = renderList('/?page=2&page_size=50&sort=-city&search=persoon');
    await waitFor(() => expect(range()).toBe('51–60 van 60'));
    expect(server.asked.at(-1)).toEqual({ page: 2, pageSize: 50, sort: '-city', search: 'persoon' });
    expect(shownNames()).toHaveLength(10);
    expect((screen.getByLabelText(dataTableTexts.searchLabel) as HTMLInputElement).value).toBe('persoon');
  });

  it('sorts on the server: a header click writes the sort to the URL, a second click flips it, another column starts again at page 1', async () => {
    const user = userEvent.setup();
    const { server } = renderList('/?page=2');
    await waitFor(() => expect(shownNames()[0]).toBe('Persoon 26'));
    const nameHeader = () => screen.getByTestId('sort-name').closest('th');
    expect(nameHeader()?.getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(shownNames()[0]).toBe('Persoon 60'));
    expect(currentUrl()).toBe('/?sort=-name');
    expect(server.asked.at(-1)).toEqual({ page: 1, pageSize: 25, sort: '-name', search: '' });
    expect(nameHeader()?.getAttribute('aria-sort')).toBe('descending');

    await user.click(screen.getByTestId('sort-city'));
    await waitFor(() => expect(currentUrl()).toBe('/?sort=city'));
    // Amsterdam (Persoon 01, 06, … 56), then Delft (Persoon 05, 10, …).
    await waitFor(() => expect(shownNames().slice(0, 2)).toEqual(['Persoon 01', 'Persoon 06']));
    expect(shownNames().slice(11, 14)).toEqual(['Persoon 56', 'Persoon 05', 'Persoon 10']);
    expect(server.asked.at(-1)).toEqual({ page: 1, pageSize: 25, sort: 'city', search: '' });
    expect(screen.getByTestId('sort-city').closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    expect(nameHeader()?.getAttribute('aria-sort')).toBe('none');
  });

  it('pages on the server through the URL', async () => {
    const user = userEvent.setup();
    const { server } = renderList();
    await waitFor(() => expect(range()).toBe('1–25 van 60'));
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(range()).toBe('26–50 van 60'));
    expect(currentUrl()).toBe('/?page=2');
    expect(shownNames()[0]).toBe('Persoon 26');
    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(shownNames()).toEqual(everyone().slice(50).map((p) => p.name)));
    expect(server.asked.map((p) => p.page)).toEqual([1, 2, 3]);
  });

  it('selects rows of the page, all of them with the header, and forgets the selection on another page', async () => {
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(shownNames()).toHaveLength(25));
    expect(screen.queryByTestId('selection-bar')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: dataTableTexts.selectRow('Persoon 02') }));
    await user.click(screen.getByRole('checkbox', { name: dataTableTexts.selectRow('Persoon 05') }));
    expect(screen.getByTestId('selection-count').textContent).toBe(dataTableTexts.selected(2));
    const selectAll = () => screen.getByRole('checkbox', { name: dataTableTexts.selectAll }) as HTMLInputElement;
    expect(selectAll().checked).toBe(false);
    expect(selectAll().getAttribute('data-indeterminate')).toBe('true');
    const row2 = screen.getByRole('checkbox', { name: dataTableTexts.selectRow('Persoon 02') }) as HTMLInputElement;
    expect(row2.checked).toBe(true);

    await user.click(row2);
    expect(screen.getByTestId('selection-count').textContent).toBe(dataTableTexts.selected(1));

    await user.click(selectAll());
    expect(screen.getByTestId('selection-count').textContent).toBe(dataTableTexts.selected(25));
    expect(selectAll().checked).toBe(true);
    await user.click(selectAll());
    expect(screen.queryByTestId('selection-bar')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: dataTableTexts.selectRow('Persoon 03') }));
    await user.click(screen.getByRole('button', { name: dataTableTexts.clearSelection }));
    expect(screen.queryByTestId('selection-bar')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: dataTableTexts.selectRow('Persoon 03') }));
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(shownNames()[0]).toBe('Persoon 26'));
    expect(screen.queryByTestId('selection-bar')).toBeNull();
    expect(selectAll().checked).toBe(false);
  });

  it('searches 300 ms after the user stops typing, from page 1, with one request for the whole text', async () => {
    const user = userEvent.setup();
    const { server } = renderList('/?page=3');
    await waitFor(() => expect(range()).toBe('51–60 van 60'));
    const search = screen.getByLabelText(dataTableTexts.searchLabel);
    let lastInputAt = 0;
    search.addEventListener('input', () => (lastInputAt = Date.now()));
    await user.type(search, ' Persoon 1');
    expect(currentUrl()).toBe('/?page=3');

    await waitFor(() => expect(range()).toBe('1–10 van 10'));
    // One request for the whole text (trimmed), none per keystroke, and not before 300 ms.
    expect(server.asked.slice(1)).toEqual([{ page: 1, pageSize: 25, sort: 'name', search: 'Persoon 1' }]);
    expect(server.askedAt[1]! - lastInputAt).toBeGreaterThanOrEqual(300 - 2);
    expect(currentUrl()).toBe('/?search=Persoon+1');
    expect(shownNames()).toEqual(['Persoon 10', 'Persoon 11', 'Persoon 12', 'Persoon 13', 'Persoon 14', 'Persoon 15', 'Persoon 16', 'Persoon 17', 'Persoon 18', 'Persoon 19']);

    await user.clear(search);
    await user.type(search, 'niemand');
    await waitFor(() => expect(screen.getByTestId('people-empty')).toBeTruthy());
    expect(server.asked.at(-1)?.search).toBe('niemand');
  });

  it('offers a background refresh that differs behind "Data laden", and shows the same answer without asking', async () => {
    const user = userEvent.setup();
    const { server, queryClient } = renderList();
    await waitFor(() => expect(shownNames()[0]).toBe('Persoon 01'));

    // The same answer again: nothing to offer.
    await act(() => queryClient.refetchQueries({ queryKey: ['people'] }));
    expect(server.asked).toHaveLength(2);
    expect(screen.queryByTestId('new-data-banner')).toBeNull();

    // Someone else added a person: the rows stay until the user asks for the new data.
    server.people.push({ id: 'p0', name: 'Persoon 00', city: 'Delft' });
    await act(() => queryClient.refetchQueries({ queryKey: ['people'] }));
    await waitFor(() => expect(screen.getByTestId('new-data-banner').textContent).toBe(dataTableTexts.newData));
    expect(shownNames()[0]).toBe('Persoon 01');
    expect(range()).toBe('1–25 van 60');

    await user.click(screen.getByTestId('new-data-banner'));
    expect(shownNames()[0]).toBe('Persoon 00');
    expect(range()).toBe('1–25 van 61');
    expect(screen.queryByTestId('new-data-banner')).toBeNull();
  });

  it("shows the user's own change at once, without the banner", async () => {
    const { server, queryClient } = renderList();
    await waitFor(() => expect(shownNames()[0]).toBe('Persoon 01'));
    server.people.splice(0, 1);
    act(() => markOwnChange('people'));
    await act(() => queryClient.refetchQueries({ queryKey: ['people'] }));
    await waitFor(() => expect(shownNames()[0]).toBe('Persoon 02'));
    expect(screen.queryByTestId('new-data-banner')).toBeNull();
  });

  it('refreshes in the background every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = renderList();
    await waitFor(() => expect(shownNames()).toHaveLength(25));
    expect(server.asked).toHaveLength(1);
    server.people.push({ id: 'p0', name: 'Persoon 00', city: 'Delft' });
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(server.asked).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(screen.getByTestId('new-data-banner')).toBeTruthy());
    expect(server.asked).toHaveLength(2);
  });
});
