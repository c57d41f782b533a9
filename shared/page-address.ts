/**
 * A page's address as the router matches it: case and trailing or doubled slashes do not matter
 * ('/About/' → '/about', '' → '/'). Its own small module, so the browser's start-up takes it without
 * the site's page table.
 */
export function canonicalPagePath(pathname: string): string {
  return `/${pathname
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '')
    .join('/')}`;
}
