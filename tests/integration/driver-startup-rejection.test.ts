import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';

/*
 * postgres.js leaves its connection-startup query unawaited (porsager/postgres#1192): when that
 * query fails, Node ends the process. `npm start` installs surviveDriverStartupRejections so a
 * database blip fails requests instead of stopping the shop; any other unhandled rejection
 * still stops it.
 */
function runChild(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['tests/support/driver-startup-child.mts', inject('postgresUrl'), ...args],
    {
      encoding: 'utf8',
      timeout: 20_000,
    },
  );
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe('a connection failing while postgres.js starts it', () => {
  it('ends a process that has no guard (the driver bug this guards against)', () => {
    const { status, output } = runChild('no-guard');
    expect(status).not.toBe(0);
    expect(output).toContain('canceling statement due to statement timeout');
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
