export type DatabaseProvider = 'sqlite' | 'postgresql';

/**
 * A `contains` filter that matches in any case on either database: SQLite's LIKE already ignores
 * (ASCII) case, PostgreSQL's needs the insensitive mode, which the SQLite client's types do not name.
 */
export function anyCaseContains(provider: DatabaseProvider): (text: string) => { contains: string } {
  return (text) => ({ contains: text, ...(provider === 'postgresql' ? { mode: 'insensitive' } : {}) }) as { contains: string };
}

export function providerOf(databaseUrl: string): DatabaseProvider {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgresql' : 'sqlite';
}

/** The file path of a SQLite URL ('file:./data/app.db' → './data/app.db'). */
export function sqliteFilePath(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/, '').split('?')[0] ?? '';
}
