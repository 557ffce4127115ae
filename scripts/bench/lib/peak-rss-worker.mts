import { workerData } from 'node:worker_threads';
import { treeRss } from './process-tree.mts';

const { pid, intervalMs, peakKiB } = workerData as { pid: number; intervalMs: number; peakKiB: Int32Array };
setInterval(() => {
  const kib = Math.round(treeRss(pid) / 1024);
  if (kib > Atomics.load(peakKiB, 0)) Atomics.store(peakKiB, 0, kib);
}, intervalMs);
