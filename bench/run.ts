// Runs every benchmark in bench/ one after another (they measure speed, so never in parallel) and
// fails if any of them misses its target. Each benchmark is a script that exits non-zero on a miss.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const benchmarks = readdirSync(dir).filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.startsWith('_'));
let failed = 0;
for (const file of benchmarks) {
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
console.log(`\n${benchmarks.length - failed} benchmarks met their targets, ${failed} missed.`);
process.exit(failed ? 1 : 0);
