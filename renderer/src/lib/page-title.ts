import { createContext, useContext, useEffect } from 'react';
import { siteContent } from '../content/site';

/** The browser tab's title of a page: '<page> | Grain Growers Mutual'. */
export function pageTitle(title: string): string {
  return title.includes(siteContent.name) ? title : `${title} | ${siteContent.name}`;
}

/**
 * Given only while a public page is drawn to HTML at build time (prerender.tsx): it receives the
 * page's title, so the HTML's <title> names the page before any script runs.
 */
export const PrerenderedTitle = createContext<((title: string) => void) | undefined>(undefined);

/**
 * Names the page shown in the browser tab, the history, the desktop console's window and what a
 * screen reader announces on arrival. Every page heading calls it, so a page moved to by a link
 * never keeps the title of the one before.
 */
export function usePageTitle(title: string): void {
  const full = pageTitle(title);
  useContext(PrerenderedTitle)?.(full);
  useEffect(() => {
    document.title = full;
  }, [full]);
}
