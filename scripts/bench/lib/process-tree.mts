import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

/** A process and its live descendants, read from /proc. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const tree: number[] = [];
  const visit = (p: number) => {
    tree.push(p);
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return tree;
}

/** Resident memory of a process tree in bytes. */
export function treeRss(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {}
  }
  return total;
}

/** CPU time (user + system) a process tree has used so far, in seconds. */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14 and 15 of stat (utime, stime), counted from the state field (3).
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks / TICKS_PER_SECOND;
}

/** The parent of a process (the postmaster of a PostgreSQL backend, say). */
export function parentPid(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}
