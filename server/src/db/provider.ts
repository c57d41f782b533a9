export type DatabaseProvider = 'sqlite' | 'postgresql';

export function providerOf(databaseUrl: string): DatabaseProvider {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgresql' : 'sqlite';
}

/** The file path of a SQLite URL ('file:./data/app.db' → './data/app.db'). */
export function sqliteFilePath(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/, '').split('?')[0] ?? '';
}
