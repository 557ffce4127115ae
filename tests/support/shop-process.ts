import { type ChildProcess, spawn } from 'node:child_process';

export interface ShopProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Ctrl-C, then wait for the process to exit. */
  stop(): Promise<number | null>;
}

/**
 * Runs `npm start`'s script as a child process and resolves once it prints its URL. It reads no
 * settings file unless `args` names one (`--settings=PATH`, as `npm start` names .env).
 */
export function startShop(env: Record<string, string>, timeoutMs = 90_000, args: string[] = []): Promise<ShopProcess> {
  const child = spawn(process.execPath, ['scripts/start.mts', ...args], {
    env: { ...process.env, PORT: '0', SKIP_BUILD: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let started = false;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the shop did not start in time:\n${log}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      // Searched only until found: a regex over the whole growing log on every chunk of a busy
      // shop's output (a line per request) costs more CPU than the requests themselves.
      if (started) return;
      const match = /the shop is running at (http:\/\/\S+)/.exec(log);
      if (match) {
        started = true;
        clearTimeout(timer);
        resolve({
          url: match[1]!,
          child,
          output: () => log,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited (${code}) before it started:\n${log}`));
    });
  });
}
