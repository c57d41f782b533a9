// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { useFocusAfterMove } from './focus-after-move';

function Layout() {
  useFocusAfterMove();
  return (
    <>
      <nav aria-label="Menu">
        <Link to="/members">Members</Link>
        <Link to="/claims">Claims</Link>
        <Link to="/members?q=bron">Search Bron</Link>
        <Link to="/search">Search</Link>
        <Link to="/home#contact">Contact</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

/** A page that puts focus in its own search box. */
function SearchPage() {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <>
      <h1>Search</h1>
      <input ref={box} aria-label="Name" />
    </>
  );
}

function open(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: Layout,
        children: [
          { path: 'members', element: <h1>Members</h1> },
          { path: 'claims', element: <h1>Claims</h1> },
          { path: 'search', Component: SearchPage },
          {
            path: 'home',
            element: (
              <>
                <h1>Home</h1>
                <section id="contact">Contact us</section>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

it('leaves the first page of a visit as the browser opens it', () => {
  open('/members');
  expect(document.activeElement).toBe(document.body);
});

it('moves focus from the menu’s link to the heading of the page it opened, out of the Tab order', async () => {
  open('/members');
  await userEvent.click(screen.getByRole('link', { name: 'Claims' }));
  const heading = screen.getByRole('heading', { name: 'Claims' });
  expect(document.activeElement).toBe(heading);
  expect(heading.getAttribute('tabindex')).toBe('-1');
});

it('treats a change of the query alone as the same page', async () => {
  open('/members');
  const search = screen.getByRole('link', { name: 'Search Bron' });
  await userEvent.click(search);
  expect(document.activeElement).toBe(search);
});

it('leaves focus where a page put it itself', async () => {
  open('/members');
  await userEvent.click(screen.getByRole('link', { name: 'Search' }));
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
});

it('takes an address with a #fragment to the element it names', async () => {
  const router = open('/members');
  await act(() => router.navigate('/home#contact'));
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(document.activeElement).toBe(screen.getByText('Contact us'));
});
