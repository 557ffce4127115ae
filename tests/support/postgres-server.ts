import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env['PG_BIN'] ?? '/usr/lib/postgresql/15/bin';

export interface PostgresServer {
  /** URL of a database on this server (default: postgres). */
  url(database?: string): string;
  /**
   * Shuts the server down (fast: open sessions are ended) but keeps its data, an outage a test
   * ends with `resume`. Asynchronous, so the test's own connections see the shutdown as they
   * would see another machine's: while the event loop keeps running.
   */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port with the same data. */
  resume(): Promise<void>;
  /** Stops the server for good and removes its files. */
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// initdb and the server refuse to run as root; the harness runs them as the postgres user.
function command(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

function asPostgres(cmd: string, args: string[]) {
  const [file, argv] = command(cmd, args);
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

function asPostgresAsync(cmd: string, args: string[]): Promise<void> {
  const [file, argv] = command(cmd, args);
  return new Promise((resolve, reject) => {
    execFile(file, argv, { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${cmd} ${args.join(' ')} failed:\n${stdout}\n${stderr}`));
      else resolve();
    });
  });
}

export interface PostgresOptions {
  /**
   * Flush commits to disk as a production server does. Off by default: tests only need a
   * database that lives as long as the run, and skipping fsync keeps them fast.
   */
  durable?: boolean;
}

/** Starts a throwaway PostgreSQL 15 server in a temp dir on a free loopback port. */
export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  if (!existsSync(join(BIN, 'initdb'))) {
    throw new Error(
      `PostgreSQL 15 is not installed (no ${BIN}/initdb). Install it with: apt-get install -y postgresql-15`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, uid);
  }
  const port = await freePort();
  asPostgres(join(BIN, 'initdb'), [
    '-D',
    join(dir, 'data'),
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-locale',
  ]);
  const pgCtl = (...args: string[]) => ({ cmd: join(BIN, 'pg_ctl'), args: ['-D', join(dir, 'data'), ...args] });
  const start = pgCtl(
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${options.durable ? 'on' : 'off'} -c max_connections=200`,
    'start',
  );
  const fastStop = pgCtl('-m', 'fast', '-w', 'stop');
  asPostgres(start.cmd, start.args);
  let stopped = false;
  let halted = false;
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async halt() {
      halted = true;
      await asPostgresAsync(fastStop.cmd, fastStop.args);
    },
    async resume() {
      await asPostgresAsync(start.cmd, start.args);
      halted = false;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (!halted) asPostgres(fastStop.cmd, fastStop.args);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
