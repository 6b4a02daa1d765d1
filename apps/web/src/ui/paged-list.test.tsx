import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test-support/render-app';
import { PagedList } from './paged-list';

const texts = { loadFailed: 'Laden mislukt.', retry: 'Opnieuw proberen' };

/** A list of 5 rows, 2 per page, from a source that fails until told otherwise. */
function List({ source }: { source: { fail: boolean; asked: number[] } }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['paged-list-test', page],
    retry: false,
    queryFn: () => {
      source.asked.push(page);
      if (source.fail) throw new Error('weg');
      const all = ['a', 'b', 'c', 'd', 'e'];
      return Promise.resolve({ data: all.slice((page - 1) * 2, page * 2), meta: { total: all.length } });
    },
  });
  return (
    <PagedList query={query} page={page} pageSize={2} onPageChange={setPage} label="Lijst" empty="Niets" emptyTestId="empty" texts={texts}>
      {(rows) => <p data-testid="rows">{rows.join(',')}</p>}
    </PagedList>
  );
}

describe('PagedList', () => {
  it('offers to try again after a failure, then pages through the rows', async () => {
    const source = { fail: true, asked: [] as number[] };
    renderInApp(<List source={source} />);
    expect(await screen.findByText(texts.loadFailed)).toBeTruthy();
    source.fail = false;
    await userEvent.click(screen.getByRole('button', { name: texts.retry }));
    expect((await screen.findByTestId('rows')).textContent).toBe('a,b');
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('e'));
    expect(source.asked).toEqual([1, 1, 3]);
  });

  it('shows the empty text and no pagination for an empty list', async () => {
    function Empty() {
      const query = useQuery({ queryKey: ['paged-list-empty'], queryFn: () => Promise.resolve({ data: [] as string[], meta: { total: 0 } }) });
      return (
        <PagedList query={query} page={1} pageSize={2} onPageChange={() => undefined} label="Lijst" empty="Niets" emptyTestId="empty" texts={texts}>
          {(rows) => <p>{rows.join(',')}</p>}
        </PagedList>
      );
    }
    renderInApp(<Empty />);
    expect((await screen.findByTestId('empty')).textContent).toBe('Niets');
    expect(screen.queryByRole('button', { name: '1' })).toBeNull();
  });
});
