// What tracing costs a relay call: CPU per call of the relay's tracer (a server span, an upstream
// and a settlement span, W3C headers injected) with every span exported over OTLP/HTTP to a local
// receiver, at 5,000 calls a second. Run with `npx tsx bench/trace-cost.mts`.
import { createServer } from 'node:http';
let received = 0;
const server = createServer((request, response) => {
  request.on('data', (c) => {
    received += c.length;
  });
  request.on('end', () => response.end('{}'));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as { port: number }).port;
process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;
const { startTracing } = await import('../apps/server/src/tracing/start-tracing.ts');
const tracer = (await startTracing(process.env, '0.1.0'))!;
const headers = { 'content-type': 'application/json', authorization: 'Bearer x' };
function one() {
  const trace = tracer.startCall({
    requestId: 'abc',
    method: 'POST',
    route: '/v1/chat/completions',
    headers,
    startedAt: Date.now(),
  });
  const upstreamHeaders: Record<string, string> = { authorization: 'Bearer y' };
  const upstream = trace.startUpstream(
    {
      channelId: 1,
      channelName: 'c',
      channelType: 1,
      method: 'POST',
      url: 'http://x/v1/chat/completions',
      upstreamModel: 'gpt-4o-mini',
    },
    upstreamHeaders,
  );
  upstream.end(200);
  const settlement = trace.startSettlement();
  trace.settled({ channelId: 1, quota: 100, promptTokens: 10, completionTokens: 20 });
  settlement.end();
  trace.end({
    status: 200,
    model: 'gpt-4o-mini',
    channelId: 1,
    userId: 1,
    tokenId: 1,
    isStream: false,
  });
}
for (let i = 0; i < 20000; i++) one();
for (let round = 0; round < 3; round++) {
  const n = 20000;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  // 5,000 calls a second, the rate of a busy relay process; then wait for the last export.
  for (let i = 0; i < n; i++) {
    one();
    if (i % 500 === 499) await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 2500));
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `round ${round}: ${((cpu.user + cpu.system) / n).toFixed(1)} µs CPU per traced call (3 spans, exported), wall ${(performance.now() - t0).toFixed(0)} ms, ${(received / 1e6).toFixed(1)} MB exported so far`,
  );
}
await tracer.shutdown();
server.close();
