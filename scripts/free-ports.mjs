// Prints the first of `count` free ports in a row on 127.0.0.1 (default 1): the browser tests'
// servers take E2E_PORT and the ports after it (playwright.config.ts).
import { createServer } from 'node:net';

const count = Number(process.argv[2] ?? 1);

/** Whether `port` can be listened on now (it is closed again at once). */
const free = (port) =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A port the system picks as free. */
const anyFreePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

for (;;) {
  const first = await anyFreePort();
  let all = true;
  for (let next = first + 1; next < first + count && all; next += 1) all = await free(next);
  if (all) {
    console.log(first);
    break;
  }
}
