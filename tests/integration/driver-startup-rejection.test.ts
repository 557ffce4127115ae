import { spawnSync } from 'node:child_process';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/*
 * postgres.js leaves its connection-startup query unawaited (porsager/postgres#1192): when that
 * query fails, Node ends the process. `npm start` installs surviveDriverStartupRejections so a
 * database blip fails requests instead of stopping the shop; any other unhandled rejection
 * still stops it.
 *
 * The child connects as a role that may not read pg_type in a database of its own, so the
 * driver's startup query fails every time (a 1 ms statement_timeout did not: on a fast, warm
 * server the query sometimes finished in time and the test failed in CI).
 */
const ROLE = 'driver_quirk_probe';
const DATABASE = 'driver_quirk_probe';
let childUrl = '';

beforeAll(async () => {
  const base = inject('postgresUrl');
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DATABASE} with (force)`);
  await admin.unsafe(`drop role if exists ${ROLE}`);
  await admin.unsafe(`create role ${ROLE} login`);
  await admin.unsafe(`create database ${DATABASE} owner ${ROLE}`);
  await admin.end();
  const inProbe = postgres(base.replace(/\/postgres$/, `/${DATABASE}`), { max: 1, onnotice: () => {} });
  await inProbe.unsafe('revoke select on pg_catalog.pg_type from public');
  await inProbe.end();
  childUrl = base.replace('postgres://postgres@', `postgres://${ROLE}@`).replace(/\/postgres$/, `/${DATABASE}`);
});

afterAll(async () => {
  const admin = postgres(inject('postgresUrl'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DATABASE} with (force)`);
  await admin.unsafe(`drop role if exists ${ROLE}`);
  await admin.end();
});

function runChild(...args: string[]) {
  const result = spawnSync(process.execPath, ['tests/support/driver-startup-child.mts', childUrl, ...args], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe('a connection failing while postgres.js starts it', () => {
  it('ends a process that has no guard (the driver bug this guards against)', () => {
    const { status, output } = runChild('no-guard');
    expect(status).not.toBe(0);
    expect(output).toContain('permission denied for table pg_type');
    expect(output).not.toContain('still running');
  });

  it('is logged and survived by a process with the guard', () => {
    const { status, output } = runChild('guard');
    expect(output).toContain('database: a new connection failed while starting');
    expect(output).toContain('still running');
    expect(status).toBe(0);
  });

  it('leaves every other unhandled rejection fatal', () => {
    const { status, output } = runChild('guard', 'other-rejection');
    expect(status).not.toBe(0);
    expect(output).toContain('some other bug');
    expect(output).not.toContain('still running');
  });
});
