// Preload (`node --import`) for the benchmark's Node servers it cannot configure otherwise.
// - BENCH_LISTEN_HOST: every `listen` on a TCP port without a host gets this host (the Portkey
//   gateway listens on every interface and has no host option).
// - BENCH_KEEP_ALIVE_TIMEOUT_MS: idle keep-alive time of HTTP servers (the mock upstream keeps
//   Node's 5 s default otherwise, and a gateway reusing a pooled connection just as the mock closes
//   it gets "other side closed": real providers keep idle connections for a minute or more).
import net from 'node:net';
import process from 'node:process';

const host = process.env.BENCH_LISTEN_HOST;
const keepAliveMs = Number(process.env.BENCH_KEEP_ALIVE_TIMEOUT_MS ?? 0);
const originalListen = net.Server.prototype.listen;

function withHost(args) {
  const [first] = args;
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    // listen(port), listen(port, callback), listen(port, undefined, callback), listen(port, backlog…)
    if (typeof args[1] !== 'string') {
      if (args[1] === undefined || args[1] === null) args[1] = host;
      else args.splice(1, 0, host);
    }
  } else if (
    first &&
    typeof first === 'object' &&
    !('path' in first) &&
    !('fd' in first) &&
    !first._handle &&
    !first.host
  ) {
    args[0] = { ...first, host };
  }
  return args;
}

net.Server.prototype.listen = function listenForBenchmark(...args) {
  if (keepAliveMs > 0 && 'keepAliveTimeout' in this) {
    this.keepAliveTimeout = keepAliveMs;
    if ('headersTimeout' in this)
      this.headersTimeout = Math.max(this.headersTimeout, keepAliveMs + 1000);
  }
  return originalListen.apply(this, host ? withHost(args) : args);
};
