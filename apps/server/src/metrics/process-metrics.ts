import type { MetricsRegistry } from './metrics-registry.js';

/** What the process metrics read from the running process. */
export interface ProcessReading {
  residentMemoryBytes: number;
  /** User plus system CPU time since the process started. */
  cpuSeconds: number;
}

/** Reads the current process: cheap calls, made only when metrics are collected. */
export function readCurrentProcess(): ProcessReading {
  const usage = process.cpuUsage();
  return {
    residentMemoryBytes: process.memoryUsage.rss(),
    cpuSeconds: (usage.user + usage.system) / 1e6,
  };
}

/**
 * Registers `tollgate_process_resident_memory_bytes`, `tollgate_process_cpu_seconds_total` and
 * `tollgate_process_start_time_seconds`. They are read when a snapshot is taken, never by a timer.
 * Across the workers of one server, memory and CPU add up to the server's total; the start time
 * merges as the earliest worker's (a sum of timestamps would mean nothing).
 */
export function registerProcessMetrics(
  registry: MetricsRegistry,
  read: () => ProcessReading = readCurrentProcess,
  startTimeSeconds = Math.round(Date.now() - process.uptime() * 1000) / 1000,
): void {
  const memory = registry.gauge(
    'tollgate_process_resident_memory_bytes',
    'Resident memory of the server process in bytes.',
  );
  const cpu = registry.counter(
    'tollgate_process_cpu_seconds_total',
    'User and system CPU time spent by the server process in seconds.',
  );
  const startTime = registry.gauge(
    'tollgate_process_start_time_seconds',
    'Start time of the server process since the Unix epoch in seconds.',
    [],
    { aggregation: 'min' },
  );
  startTime.set(startTimeSeconds);
  registry.onCollect(() => {
    const reading = read();
    memory.set(reading.residentMemoryBytes);
    // A counter only moves forward: add what was used since the last collection.
    if (reading.cpuSeconds > cpu.labels().value) cpu.inc(reading.cpuSeconds - cpu.labels().value);
  });
}
