// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { PrerenderedTitle, usePageTitle } from './page-title';

function Page({ title }: { title: string }) {
  usePageTitle(title);
  return <h1>{title}</h1>;
}

afterEach(cleanup);

it('names the tab after the page shown, with the site’s name once, and follows the next page', () => {
  const { rerender } = render(<Page title="Members" />);
  expect(document.title).toBe('Members | Grain Growers Mutual');
  rerender(<Page title="About Grain Growers Mutual" />);
  expect(document.title).toBe('About Grain Growers Mutual');
});

it('gives the title to the build that draws the page to HTML, where no effect runs', () => {
  let drawn: string | undefined;
  renderToString(
    <PrerenderedTitle.Provider value={(title) => (drawn = title)}>
      <Page title="Frequently asked questions" />
    </PrerenderedTitle.Provider>,
  );
  expect(drawn).toBe('Frequently asked questions | Grain Growers Mutual');
});
