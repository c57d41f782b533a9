/**
 * Real services a fault test can stop and start again while a server runs: a PostgreSQL cluster of
 * its own (initdb into a temporary folder), a Redis server and an SMTP server, each on a free port.
 * Stopping one and starting it again keeps its port (and the cluster its data), as a restart or a
 * failover does in a real deployment; the port is one no outgoing connection can take meanwhile.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** The lowest port the OS hands to outgoing connections (Linux's ip_local_port_range; 32768 where it cannot be read). */
function lowestEphemeralPort(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * A free port the OS never hands out by itself: one a stopped service can come back to, or one that
 * stays closed. A port the OS picks (listening on port 0) comes from the range it gives outgoing
 * connections, so while a service was stopped a test's client (supertest listens on one for every request) could take its port and
 * the restart failed with EADDRINUSE; these come from below that range, where only an explicit
 * listen can land.
 */
export async function unhandedPort(): Promise<number> {
  const lowest = 20_000;
  const highest = lowestEphemeralPort() - 1;
  if (highest - lowest < 1_000)
    throw new Error(`This machine hands ports from ${highest + 1} up to outgoing connections (ip_local_port_range); the fault tests need ports from ${lowest} that it does not hand out.`);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = lowest + Math.floor(Math.random() * (highest - lowest));
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port between ${lowest} and ${highest}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The network between a client and a service, which a test can make fail under it. */
export interface CuttableNetwork {
  /** The service's address with the proxy's port: where the client connects instead. */
  readonly url: string;
  /** The service's answers stop coming (they are dropped, so cut() follows): a query sent now waits, as on a network gone quiet. */
  hold(): void;
  /** Every connection is cut at once and no new one is taken: a failover, or a cable pulled. */
  cut(): Promise<void>;
  /** New connections are taken again and answers pass. */
  restore(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 to the service at `serviceUrl`, for a client whose network to it must fail while the service itself runs on. */
export async function startTcpProxy(serviceUrl: string): Promise<CuttableNetwork> {
  const targetPort = Number(new URL(serviceUrl).port);
  const sockets = new Set<Socket>();
  let held = false;
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (!held) client.write(chunk);
    });
    upstream.once('end', () => client.end());
  });
  const port = await unhandedPort();
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen();
  const url = new URL(serviceUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    hold: () => {
      held = true;
    },
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    restore: async () => {
      held = false;
      await listen();
    },
  };
}

export interface StoppableService {
  readonly port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it for good and removes what it kept. */
  dispose(): Promise<void>;
}

export async function waitUntil(what: string, ready: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** A child process that is a service: started by `command`, stopped by `signal`, ready once its port answers. */
function processService(
  name: string,
  port: number,
  command: () => { file: string; args: string[] },
  onDispose: () => void,
  requestStop: (child: ChildProcess) => void = (child) => child.kill('SIGINT'),
): StoppableService {
  let child: ChildProcess | undefined;
  let output = '';
  return {
    port,
    async start() {
      const { file, args } = command();
      output = '';
      child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const running = child;
      await waitUntil(`${name} on port ${port}`, async () => {
        if (running.exitCode !== null) throw new Error(`${name} exited with ${running.exitCode}:\n${output}`);
        return portAnswers(port);
      });
    },
    async stop() {
      if (!child) return;
      requestStop(child);
      await exited(child);
      child = undefined;
    },
    async dispose() {
      await this.stop();
      onDispose();
    },
  };
}

/**
 * A PostgreSQL cluster of its own. PostgreSQL refuses to run as root, so on a machine where the tests
 * run as root (CI here) the cluster belongs to the postgres user and is run through runuser.
 */
export async function startPostgresCluster(): Promise<StoppableService & { url(database: string): string }> {
  const bin = join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1) ?? '', 'bin');
  const dataDir = mkdtempSync(join(tmpdir(), 'grain-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(dataDir, id('-u'), id('-g'));
  }
  const run = (file: string, args: string[]) => (asRoot ? { file: 'runuser', args: ['-u', 'postgres', '--', file, ...args] } : { file, args });
  const init = run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  execFileSync(init.file, init.args, { stdio: 'ignore' });
  const port = await unhandedPort();
  const service = processService(
    'PostgreSQL',
    port,
    () => run(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), '-k', dataDir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off']),
    () => rmSync(dataDir, { recursive: true, force: true }),
    // A fast shutdown, as an upgrade or failover does: open connections are closed, not waited for.
    () => {
      const stop = run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', 'stop']);
      execFileSync(stop.file, stop.args, { stdio: 'ignore' });
    },
  );
  // The port answers a moment before the cluster accepts queries ('the database system is starting up'), after every start.
  const start = async () => {
    await service.start();
    await waitUntil('PostgreSQL accepting connections', () => {
      try {
        execFileSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    });
  };
  await start();
  return { ...service, start, url: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}` };
}

/** Redis with its append-only file, as a deployment that keeps sessions across a restart has it. */
export async function startRedis(): Promise<StoppableService & { url: string }> {
  const port = await unhandedPort();
  const dataDir = mkdtempSync(join(tmpdir(), 'grain-redis-'));
  const service = processService(
    'Redis',
    port,
    () => ({ file: 'redis-server', args: ['--port', String(port), '--bind', '127.0.0.1', '--dir', dataDir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'] }),
    () => rmSync(dataDir, { recursive: true, force: true }),
  );
  await service.start();
  return { ...service, url: `redis://127.0.0.1:${port}` };
}

export interface ReceivedMail {
  messageId: string;
  to: string[];
  raw: string;
}

/** An SMTP server that keeps what it receives; stopped, its port refuses connections as a relay that is down does. */
export async function startSmtpServer(): Promise<StoppableService & { url: string; received: ReceivedMail[] }> {
  const port = await unhandedPort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const service: StoppableService & { url: string; received: ReceivedMail[] } = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async start() {
      server = new SMTPServer({
        // A relay that goes down drops its connections: no grace for clients holding one open.
        closeTimeout: 1,
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          let raw = '';
          stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
          stream.on('end', () => {
            const messageId = /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '';
            received.push({ messageId, to: session.envelope.rcptTo.map((address) => address.address), raw });
            callback();
          });
        },
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => {
          listening.off('error', reject);
          resolve();
        });
      });
    },
    async stop() {
      if (!server) return;
      const closing = server;
      server = undefined;
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async dispose() {
      await service.stop();
    },
  };
  await service.start();
  return service;
}
