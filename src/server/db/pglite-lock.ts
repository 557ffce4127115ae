import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already open in process ${pid} (is \`npm start\` running?). ` +
        'PGlite allows one owner; other processes reach it over DATABASE_URL.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the owner lock of a PGlite folder. Two processes opening one folder silently lose
 * writes, so a second owner is refused while the first is alive; a lock left behind by a
 * killed process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'owner.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8'));
      if (pid === process.pid || (Number.isInteger(pid) && pid > 0 && isAlive(pid))) {
        throw new DatabaseInUseError(dir, pid);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the database lock ${path}`);
}
