import os from 'node:os';

/** What a benchmark ran on, recorded beside its numbers. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    /** 1-minute load average when the run started: above ~0.5 another process was busy. */
    loadAverage: Number(os.loadavg()[0]!.toFixed(2)),
  };
}
