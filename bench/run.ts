// Runs the benchmarks in bench/ one after another (they measure speed, so never in parallel) and
// fails if any of them misses its target. Each benchmark is a script that exits non-zero on a miss.
// `npm run bench` runs them all; `npm run bench -- start-time admin-pages` runs the ones named; a flag
// is passed to each (`npm run bench -- storm-day --postgres`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const named = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith('--'))
  .map((name) => name.replace(/\.ts$/, '') + '.ts');
const benchmarks = readdirSync(dir).filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.startsWith('_') && (named.length === 0 || named.includes(file)));
let failed = 0;
for (const file of benchmarks) {
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file), ...flags], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
console.log(`\n${benchmarks.length - failed} benchmarks met their targets, ${failed} missed.`);
process.exit(failed ? 1 : 0);
