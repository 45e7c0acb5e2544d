// Closed-loop saturation with autocannon: `connections` clients sending back to back for
// `durationSeconds`. Only 2xx answers count towards requests per second.
import autocannon from 'autocannon';

export async function runSaturation(job) {
  const { origin, path, headers, body, connections, durationSeconds } = job;
  const result = await autocannon({
    url: `${origin}${path}`,
    method: 'POST',
    headers,
    body,
    connections,
    pipelining: 1,
    duration: durationSeconds,
    timeout: 10,
  });
  const ok = result['2xx'] ?? 0;
  return {
    requestsPerSecond: Math.round(ok / result.duration),
    requests: ok,
    seconds: result.duration,
    errors: (result.errors ?? 0) + (result.non2xx ?? 0),
    failures: {
      network: result.errors ?? 0,
      timeouts: result.timeouts ?? 0,
      non2xx: result.non2xx ?? 0,
      resets: result.resets ?? 0,
    },
    // Whole milliseconds (autocannon's histogram): a rough view only.
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    throughputBytesPerSecond: Math.round(result.throughput.average),
  };
}
