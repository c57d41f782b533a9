// Runs a command with the API tests pointed at PostgreSQL (TEST_DATABASE=postgresql), starting the
// local cluster first if it is stopped, as it may be on a machine that was just restarted.
import { execSync, spawnSync } from 'node:child_process';
import pg from 'pg';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function reachable() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (!(await reachable())) {
  console.log('PostgreSQL is not answering; starting the local cluster.');
  try {
    execSync('pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start', { stdio: 'inherit', shell: '/bin/bash' });
  } catch {
    console.error(`Could not start PostgreSQL. Start a server and set TEST_POSTGRES_URL (now ${adminUrl}).`);
    process.exit(1);
  }
  for (let attempt = 0; attempt < 30 && !(await reachable()); attempt += 1) await new Promise((r) => setTimeout(r, 1000));
}

const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, { stdio: 'inherit', shell: false, env: { ...process.env, TEST_DATABASE: 'postgresql', TEST_POSTGRES_URL: adminUrl } });
process.exit(result.status ?? 1);
