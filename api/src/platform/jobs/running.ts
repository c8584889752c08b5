/** Job handlers running in this process right now (the process monitor's "jobs running"; typed jobs count here). */
let running = 0;

export function runningJobs(): number {
  return running;
}

export async function countRunning<T>(fn: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await fn();
  } finally {
    running--;
  }
}
