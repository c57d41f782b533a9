// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useUrlFilters } from './use-url-filters';

/** A search form's submit, held as it is while its fields are checked: made in one render, applied after another. */
let heldSearch: (() => void) | undefined;

function Harness() {
  const { page, update, filter } = useUrlFilters();
  const location = useLocation();
  return (
    <>
      <output aria-label="Address">{location.search}</output>
      <output aria-label="Page">{page}</output>
      <button type="button" onClick={() => filter({ status: 'new' })}>
        Only new
      </button>
      <button type="button" onClick={() => update({ request: 'r1' })}>
        Open r1
      </button>
      <button type="button" onClick={() => update({ request: undefined, search: '' })}>
        Close
      </button>
      <button type="button" onClick={() => update({ page: '4' })}>
        Page 4
      </button>
      <button type="button" onClick={() => (heldSearch = () => filter({ search: 'della' }))}>
        Search
      </button>
    </>
  );
}

const renderAt = (address: string) =>
  render(
    <MemoryRouter initialEntries={[address]}>
      <Harness />
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('useUrlFilters', () => {
  it('reads the page from the address, page 1 when it is missing or not a page number', () => {
    renderAt('/admin/list?page=3');
    expect(screen.getByLabelText('Page').textContent).toBe('3');
    cleanup();
    renderAt('/admin/list?page=0');
    expect(screen.getByLabelText('Page').textContent).toBe('1');
    cleanup();
    renderAt('/admin/list?page=two');
    expect(screen.getByLabelText('Page').textContent).toBe('1');
  });

  it('sets and removes parameters, keeping the others and the page', async () => {
    renderAt('/admin/list?status=open&search=bron&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Open r1' }));
    expect(screen.getByLabelText('Address').textContent).toBe('?status=open&search=bron&page=2&request=r1');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByLabelText('Address').textContent).toBe('?status=open&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(screen.getByLabelText('Page').textContent).toBe('4');
  });

  it('goes back to the first page when a filter changes', async () => {
    renderAt('/admin/list?search=bron&page=5');
    await userEvent.click(screen.getByRole('button', { name: 'Only new' }));
    expect(screen.getByLabelText('Address').textContent).toBe('?search=bron&status=new');
    expect(screen.getByLabelText('Page').textContent).toBe('1');
  });

  it('keeps an item opened while a search was being checked when the search applies', async () => {
    renderAt('/admin/list?status=open');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open r1' }));
    act(() => heldSearch?.());
    expect(screen.getByLabelText('Address').textContent).toBe('?status=open&request=r1&search=della');
  });
});
