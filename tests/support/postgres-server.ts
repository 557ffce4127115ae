import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env['PG_BIN'] ?? '/usr/lib/postgresql/15/bin';

export interface PostgresServer {
  /** URL of a database on this server (default: postgres). */
  url(database?: string): string;
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

function asPostgres(cmd: string, args: string[]) {
  // initdb and the server refuse to run as root; the harness runs them as the postgres user.
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
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
  asPostgres(join(BIN, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${options.durable ? 'on' : 'off'} -c max_connections=200`,
    'start',
  ]);
  let stopped = false;
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asPostgres(join(BIN, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
