export type LayoutName = 'admin' | 'member' | 'public';

/** SPEC §2: /admin… uses the admin layout, /dashboard… the member layout, everything else public. */
export function layoutForPath(pathname: string): LayoutName {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) return 'member';
  return 'public';
}
