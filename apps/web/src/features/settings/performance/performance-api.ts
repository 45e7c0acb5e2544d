import { http } from '../../../lib/http-client';

/** `data` of `GET /api/performance/stats`: one server process's figures. */
export interface PerformanceStats {
  process: {
    uptime_seconds: number;
    pid: number;
    hostname: string;
    worker_index: number | null;
    node_version: string;
    memory: {
      rss: number;
      heap_used: number;
      heap_total: number;
      external: number;
      array_buffers: number;
    };
    cpu: { user_ms: number; system_ms: number };
    event_loop: { delay_p50_ms: number; delay_p99_ms: number; utilization: number };
  };
  gc: { count: number; total_ms: number; last_at: number | null };
  caches: { name: string; entries: number; bytes?: number }[];
  system: { cpus: number; load_avg: number[]; total_memory: number; free_memory: number };
  requests: { count: number; errors: number; since: number };
}

export function fetchPerformanceStats(): Promise<PerformanceStats> {
  return http.get<PerformanceStats>('/api/performance/stats');
}

export async function resetPerformanceStats(): Promise<void> {
  await http.post('/api/performance/reset_stats');
}

/** Forces a collection; the server's refusal (no `--expose-gc`) is shown as a toast. */
export async function forceGarbageCollection(): Promise<void> {
  await http.post('/api/performance/gc');
}

/** A byte count for people: 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Seconds as "2d 3h 4m" (the largest three units that are not zero-leading). */
export function formatDuration(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = Math.floor(totalSeconds % 60);
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return minutes > 0 ? `${minutes}m ${seconds}s` : `${seconds}s`;
}
