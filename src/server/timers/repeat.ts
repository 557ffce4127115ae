/**
 * A job of a long-running process (`npm start`) that Netlify runs as a scheduled function:
 * run `task` now and every `everyMs`. Runs never overlap, a failed run is logged and the next
 * one comes on time, and the timer does not keep the process alive.
 */
export function repeatEvery(name: string, everyMs: number, task: () => Promise<unknown>) {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= task()
      .then(
        () => undefined,
        (error: unknown) => console.error(`[${name}] run failed:`, error),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return {
    /** Stops the timer and waits for a run in progress. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
