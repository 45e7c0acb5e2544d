/**
 * What the root's performance page shows of this process (`GET /api/performance/stats`): memory,
 * CPU, the event loop's delay and utilisation, garbage collections, and the requests answered.
 * Every figure is this process's: with several workers each answers for itself (the answer names
 * its pid and worker index).
 */
import { hostname } from 'node:os';
import {
  monitorEventLoopDelay,
  performance,
  PerformanceObserver,
  type EventLoopUtilization,
  type IntervalHistogram,
} from 'node:perf_hooks';

/** Garbage collections since the watch started (or the last reset). */
export interface GcStats {
  count: number;
  total_ms: number;
  /** Unix seconds of the last collection's end; null before the first. */
  last_at: number | null;
}

/** The process part of the answer. */
export interface ProcessStats {
  uptime_seconds: number;
  pid: number;
  hostname: string;
  /** The worker's index in this node's cluster; null when the server runs one process. */
  worker_index: number | null;
  node_version: string;
  memory: {
    rss: number;
    heap_used: number;
    heap_total: number;
    external: number;
    array_buffers: number;
  };
  /** CPU time since the process started. */
  cpu: { user_ms: number; system_ms: number };
  /** Delay percentiles and utilisation (0–1) since the last reset. */
  event_loop: { delay_p50_ms: number; delay_p99_ms: number; utilization: number };
}

/** The variable the cluster's primary gives each worker (cluster/cluster-messages.ts). */
const WORKER_INDEX_VARIABLE = 'TOLLGATE_WORKER_INDEX';
/** Event loop delay sampling resolution. */
const DELAY_RESOLUTION_MS = 20;

const gc: GcStats = { count: 0, total_ms: 0, last_at: null };
let watching: { delay: IntervalHistogram; utilizationFrom: EventLoopUtilization } | undefined;

/**
 * Starts the process-wide watches once (a `gc` performance observer and the event loop delay
 * histogram); later calls do nothing. Both cost next to nothing between readings.
 */
export function startPerformanceWatch(): void {
  if (watching !== undefined) return;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.total_ms += entry.duration;
      gc.last_at = Math.round(performance.timeOrigin + entry.startTime + entry.duration) / 1000;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  delay.enable();
  watching = { delay, utilizationFrom: performance.eventLoopUtilization() };
}

/** Restarts the collection, delay and utilisation figures from now. */
export function resetPerformanceWatch(): void {
  startPerformanceWatch();
  gc.count = 0;
  gc.total_ms = 0;
  gc.last_at = null;
  watching!.delay.reset();
  watching!.utilizationFrom = performance.eventLoopUtilization();
}

export function readGcStats(): GcStats {
  return { count: gc.count, total_ms: round(gc.total_ms), last_at: gc.last_at };
}

export function readProcessStats(): ProcessStats {
  startPerformanceWatch();
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  const { delay, utilizationFrom } = watching!;
  const workerIndex = Number(process.env[WORKER_INDEX_VARIABLE]);
  // An empty histogram reports its percentiles as 0 and its minimum as a huge number.
  const percentile = (value: number) => (delay.count === 0 ? 0 : round(value / 1e6));
  return {
    uptime_seconds: Math.round(process.uptime()),
    pid: process.pid,
    hostname: hostname(),
    worker_index:
      process.env[WORKER_INDEX_VARIABLE] && Number.isInteger(workerIndex) ? workerIndex : null,
    node_version: process.version,
    memory: {
      rss: memory.rss,
      heap_used: memory.heapUsed,
      heap_total: memory.heapTotal,
      external: memory.external,
      array_buffers: memory.arrayBuffers,
    },
    cpu: { user_ms: Math.round(cpu.user / 1000), system_ms: Math.round(cpu.system / 1000) },
    event_loop: {
      delay_p50_ms: percentile(delay.percentile(50)),
      delay_p99_ms: percentile(delay.percentile(99)),
      utilization: round(performance.eventLoopUtilization(utilizationFrom).utilization, 4),
    },
  };
}

function round(value: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Requests this server answered since it started or the last reset (any route). */
export class RequestTally {
  count = 0;
  /** Answers with a 5xx status. */
  errors = 0;

  record(status: number): void {
    this.count += 1;
    if (status >= 500) this.errors += 1;
  }

  reset(): void {
    this.count = 0;
    this.errors = 0;
  }
}
