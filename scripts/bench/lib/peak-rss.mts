import { Worker } from 'node:worker_threads';

/**
 * Samples a process tree's resident memory every `intervalMs` on a thread of its own: a timer on
 * the main thread misses the samples while that thread is busy (bench:build's main thread serves
 * the embedded database the build reads, so it skipped the whole pre-rendering phase).
 */
export function samplePeakRss(pid: number, intervalMs = 200) {
  const peakKiB = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL('./peak-rss-worker.mts', import.meta.url), {
    workerData: { pid, intervalMs, peakKiB },
  });
  return {
    /** Stops sampling; the highest resident memory seen, in bytes. */
    async stop(): Promise<number> {
      await worker.terminate();
      return Atomics.load(peakKiB, 0) * 1024;
    },
  };
}
