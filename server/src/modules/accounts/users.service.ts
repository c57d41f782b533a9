import type { DatabaseProvider } from '../../db/provider';

/**
 * Users whose e-mail, first or last name or business holds the text, without regard to case
 * (SQLite's LIKE ignores ASCII case; PostgreSQL is told to); "Casey Customer" also matches first
 * and last name together.
 */
export function userSearch(provider: DatabaseProvider) {
  const containing = (text: string) => ({ contains: text, ...(provider === 'postgresql' ? { mode: 'insensitive' } : {}) }) as { contains: string };
  return (text: string | undefined) => {
    if (!text) return {};
    const [first, last, ...rest] = text.split(/\s+/);
    const fullName = first && last && rest.length === 0 ? [{ AND: [{ firstName: containing(first) }, { lastName: containing(last) }] }] : [];
    return { OR: [{ email: containing(text) }, { firstName: containing(text) }, { lastName: containing(text) }, { businessName: containing(text) }, ...fullName] };
  };
}
