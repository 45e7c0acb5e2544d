import type { MetricsRegistry } from './metrics-registry.js';

/**
 * Registers `tollgate_job_lease_held{job}`: 1 while this process holds the job's lease (and so runs
 * the job), 0 while it competes for it. Read when metrics are collected; summed over a cluster's
 * workers, of which only the first competes.
 */
export function registerJobLeaseMetrics(
  registry: MetricsRegistry,
  held: () => Iterable<readonly [string, boolean]>,
): void {
  const gauge = registry.gauge(
    'tollgate_job_lease_held',
    'Whether this process holds the lease of a background job (1) or only competes for it (0).',
    ['job'],
  );
  registry.onCollect(() => {
    for (const [job, isHeld] of held()) gauge.labels(job).set(isHeld ? 1 : 0);
  });
}
