// The desktop console: `npm run desktop` (development), `desktop:build` (bundles) and
// `desktop:dist` (signed installers through electron-builder).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const mode = process.argv[2] ?? 'dev';

function electronBinaryPresent() {
  try {
    const packageDir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(packageDir, 'path.txt');
    return existsSync(pathFile) && existsSync(join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim()));
  } catch {
    return false;
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (mode !== 'build' && !electronBinaryPresent()) {
  console.error(
    [
      'The Electron binary is not installed, so the desktop console cannot start here.',
      'npm install skips its download on purpose (see "allowScripts" in package.json), because',
      'machines without access to the Electron release servers would fail the whole install.',
      'On a machine with that access run:',
      '  node node_modules/electron/install.js',
      `and then: npm run desktop${mode === 'dist' ? ':dist' : ''}`,
    ].join('\n'),
  );
  process.exit(1);
}

const electronVite = join('node_modules', 'electron-vite', 'bin', 'electron-vite.js');
if (mode === 'dev') run(process.execPath, [electronVite, 'dev']);
if (mode === 'build' || mode === 'dist') run(process.execPath, [electronVite, 'build']);
if (mode === 'dist') run(process.execPath, [join('node_modules', 'electron-builder', 'cli.js'), '--config', 'electron-builder.yml', ...process.argv.slice(3)]);
