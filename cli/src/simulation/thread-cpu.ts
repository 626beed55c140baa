// CPU time of the calling thread, to tell what a run's threads cost (the machine may be shared, so
// wall-clock time alone says little). Node 20 has no process.threadCpuUsage (added in 23.9): on
// Linux the thread's own /proc entry has it; elsewhere there is none.

import { readFileSync } from "node:fs";

type WithThreadCpu = { threadCpuUsage?: () => { user: number; system: number } };

/** Seconds of CPU this thread has used (user and system), or null where it cannot be read. */
export function threadCpuSeconds(): number | null {
  const native = (process as unknown as WithThreadCpu).threadCpuUsage;
  if (native) {
    const { user, system } = native.call(process);
    return (user + system) / 1e6;
  }
  try {
    const stat = readFileSync("/proc/thread-self/stat", "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks (USER_HZ, 100 on Linux).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
