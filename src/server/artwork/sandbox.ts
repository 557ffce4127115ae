import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Unavailable } from '../errors.ts';
import { CHECK_LIMITS, TOO_COMPLEX } from './check-limits.ts';
import { artworkTooLarge } from './refusals.ts';
import { takeCheckSlot } from './check-slots.ts';
import { SANDBOX_PROGRAM } from './sandbox-program.ts';

/**
 * Runs a check's decoding and drawing in a child process. A worker thread was tried first and
 * does not do: terminate() cannot stop librsvg in the middle of a render (the process could not
 * even exit), and sharp's work would still hold this process's libuv threadpool, which static
 * files and scrypt share. A child has its own threadpool, runs at a lower priority than the
 * server, and SIGKILL stops it whatever it is doing.
 */
export type SandboxJob =
  | { kind: 'raster'; bytes: Uint8Array; maxPixels: number }
  | { kind: 'svg'; bytes: Uint8Array; maxPixels: number }
  | { kind: 'card'; svgText: string }
  | { kind: 'pdf'; bytes: Uint8Array; maxPages: number; measure: number }
  | {
      kind: 'mockup';
      bytes: Uint8Array;
      /** The product picture; null: the art alone, flat. */
      picture: Uint8Array | null;
      maxPixels: number;
      svg: boolean;
      /** Where the art goes, in pixels of a picture of `expected` size (scaled to the real one). */
      rect: { left: number; top: number; width: number; height: number } | null;
      expected: { width: number; height: number } | null;
      format: 'png' | 'jpeg';
    };

/** The sandbox's program threw: the file could not be decoded or read (`failedName` is the error's name). */
export class SandboxFailure extends Error {
  readonly failedName: string;
  constructor(failedName: string, message: string) {
    super(message);
    this.failedName = failedName;
  }
}

const pick = (from: NodeJS.ProcessEnv, names: string[]) =>
  Object.fromEntries(names.filter((name) => from[name] !== undefined).map((name) => [name, from[name]]));

export type Run = <T>(job: SandboxJob) => Promise<T>;
const children = new Set<ChildProcess>();

let stopped = false;
/** Shutting down: the check is not the file's fault, so it is answered "try again", never refused. */
const stopping = () =>
  new Unavailable('artwork_checks_stopped', 'The shop is restarting. Check the file again in a moment.', 5);

/** Kills every check in flight and takes no more (shutdown): their requests are answered 503. */
export function stopArtworkChecks(): void {
  stopped = true;
  for (const child of children) child.kill('SIGKILL');
}

/**
 * Gives `work` a child process within CHECK_LIMITS' CPU and clock limits, in one of the check
 * slots, shared fairly between the peer addresses that ask (check-slots.ts).
 */
export async function withSandbox<T>(work: (run: Run) => Promise<T>, address?: string): Promise<T> {
  if (stopped) throw stopping();
  const release = await takeCheckSlot(address);
  if (stopped) {
    release();
    throw stopping();
  }
  const node = [process.execPath, `--max-old-space-size=${CHECK_LIMITS.heapMb}`, '-e', SANDBOX_PROGRAM];
  // The CPU-time limit is the kernel's (RLIMIT_CPU, set by the shell before it becomes node).
  const cpuLimit = `ulimit -t ${Math.max(1, Math.ceil(CHECK_LIMITS.cpuSeconds))} && exec "$0" "$@"`;
  const [command, ...args] = process.platform === 'win32' ? node : ['/bin/sh', '-c', cpuLimit, ...node];
  const child = spawn(command!, args, {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
    // None of the server's secrets: the child reads untrusted files.
    env: {
      ...pick(process.env, ['PATH', 'HOME', 'TMPDIR', 'LANG', 'FONTCONFIG_PATH', 'FONTCONFIG_FILE']),
      UV_THREADPOOL_SIZE: '2',
      VIPS_CONCURRENCY: '1',
    },
  });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString();
  });
  let ended: Error | null = null;
  const listeners = new Set<(error: Error) => void>();
  const end = (error: Error) => {
    ended ??= error;
    for (const listener of listeners) listener(ended);
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => end(artworkTooLarge(TOO_COMPLEX)), CHECK_LIMITS.wallMs);
  let started = false;
  child.on('exit', (code, signal) => {
    children.delete(child);
    // Dying before it could take a file is the install's fault (sharp missing, say), not the
    // file's: a plain error (500) that leaves the upload waiting instead of refusing it.
    if (!started && !signal && !stopped) end(new Error(`the artwork check process did not start (${code}): ${stderr}`));
    end(stopped ? stopping() : artworkTooLarge(TOO_COMPLEX));
  });
  child.on('error', (error) => end(error));
  try {
    if (child.pid) setPriority(child.pid, 5);
  } catch {
    // Not allowed here (some containers): the time limit still holds.
  }
  let folder: string | undefined;
  let files = 0;
  /** The job as sent: its bytes written to a private temporary file the child reads. */
  const written = async (bytes: Uint8Array) => {
    folder ??= await mkdtemp(join(tmpdir(), 'artwork-check-'));
    const file = join(folder, String(files++));
    await writeFile(file, bytes, { mode: 0o600 });
    return file;
  };
  const outbound = async (job: SandboxJob) => {
    if (!('bytes' in job)) return job;
    const file = await written(job.bytes);
    if (job.kind !== 'mockup' || !job.picture) return { ...job, bytes: undefined, file };
    return { ...job, bytes: undefined, file, picture: undefined, pictureFile: await written(job.picture) };
  };
  const run: Run = async <A>(job: SandboxJob) => {
    const sent = await outbound(job);
    return new Promise<A>((resolve, reject) => {
      if (ended) return reject(ended);
      const onEnd = (error: Error) => reject(error);
      listeners.add(onEnd);
      child.once('message', (message: { answer?: A; failed?: { name: string; message: string } }) => {
        listeners.delete(onEnd);
        if (message.failed) reject(new SandboxFailure(message.failed.name, message.failed.message));
        else resolve(message.answer as A);
      });
      child.send(sent);
    });
  };
  try {
    await new Promise<void>((ready, fail) => {
      child.once('message', () => {
        started = true;
        ready();
      });
      listeners.add(fail);
    });
    return await work(run);
  } finally {
    clearTimeout(timer);
    if (stderr) console.error(`[artwork] check process: ${stderr.trim()}`);
    ended ??= new Error('the check is over');
    child.kill('SIGKILL');
    release();
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}
