// Child processes of the benchmark: started with their output in a log file, tracked so that every
// one of them is stopped at the end, on Ctrl-C and on errors, and measured (RSS) while they run.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** USER_HZ of /proc/<pid>/stat: 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Every process started by the benchmark that has not exited yet. */
const running = new Set();

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a program with stdout and stderr appended to `logFile` (a file descriptor handed to the
 * child, so the benchmark itself spends no CPU relaying the output).
 */
export function startProcess({ name, command, args, env, cwd, logFile }) {
  const descriptor = openSync(logFile, 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', descriptor, descriptor] });
  closeSync(descriptor);
  const managed = {
    name,
    child,
    logFile,
    spawnError: undefined,
    exited: new Promise((resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }));
      child.once('error', (error) => {
        managed.spawnError = error;
        resolve({ code: -1, signal: null });
      });
    }),
  };
  running.add(managed);
  managed.exited.then(() => running.delete(managed));
  return managed;
}

export function hasExited(managed) {
  return (
    managed.spawnError !== undefined ||
    managed.child.exitCode !== null ||
    managed.child.signalCode !== null
  );
}

/** The last lines of a process's log, for error messages. */
export function logTail(managed, lines = 30) {
  if (!existsSync(managed.logFile)) return '';
  return readFileSync(managed.logFile, 'utf8').split('\n').slice(-lines).join('\n');
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
export async function stopProcess(managed, graceMs = 10_000) {
  if (hasExited(managed)) return;
  managed.child.kill('SIGTERM');
  const killer = setTimeout(() => managed.child.kill('SIGKILL'), graceMs);
  await managed.exited;
  clearTimeout(killer);
}

export async function stopAllProcesses() {
  await Promise.all([...running].map((managed) => stopProcess(managed)));
}

/** Last resort from a synchronous `exit` handler: nothing may outlive the benchmark. */
export function killAllProcessesNow() {
  for (const managed of running) {
    if (!hasExited(managed)) managed.child.kill('SIGKILL');
  }
}

/**
 * Polls `check` (an async function returning a truthy value when ready) every `intervalMs` until
 * `timeoutMs`; fails early, with the log's tail, when the watched process exits.
 */
export async function waitUntil(check, { what, timeoutMs = 30_000, intervalMs = 100, watched }) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    if (watched && hasExited(watched)) {
      const reason = watched.spawnError ? `: ${watched.spawnError.message}` : '';
      throw new Error(
        `${watched.name} exited while waiting for ${what}${reason}\n${logTail(watched)}`,
      );
    }
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await sleep(intervalMs);
  }
  const detail = lastError ? ` (last error: ${lastError.message})` : '';
  const tail = watched ? `\n${logTail(watched)}` : '';
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}${tail}`);
}

/** Resolves when something accepts TCP connections on 127.0.0.1:`port`. */
export function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resident memory of one process in kilobytes (0 once it is gone). */
export function residentKilobytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The process and all its descendants (nginx: master and workers). */
export function processTree(pid) {
  const all = [pid];
  for (let index = 0; index < all.length && all.length < 256; index += 1) {
    const current = all[index];
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${current}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, 'utf8').trim();
        for (const child of children.split(/\s+/).filter(Boolean)) all.push(Number(child));
      } catch {
        // the task ended meanwhile
      }
    }
  }
  return all;
}

/** CPU seconds (user + system) a process has used so far (0 once it is gone). */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** `measure` of every process of a tree, added up. */
function sumOverTree(pid, measure) {
  return processTree(pid).reduce((sum, member) => sum + measure(member), 0);
}

/** Summed CPU seconds of a process tree (nginx: master and workers). */
export function treeCpuSeconds(pid) {
  return sumOverTree(pid, cpuSeconds);
}

/** Summed RSS (kB) of a process tree. */
export function treeResidentKilobytes(pid) {
  return sumOverTree(pid, residentKilobytes);
}

/**
 * Proportional set size of one process in kilobytes: its private pages plus its share of pages it
 * shares with others (the node binary and libraries mapped by every worker of a cluster, memory a
 * forked nginx worker shares with its master). Summed over a process tree it counts every physical
 * page once, where summed RSS counts shared pages once per process.
 */
export function proportionalKilobytes(pid) {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const match = /^Pss:\s+(\d+)\s+kB/m.exec(rollup);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Summed PSS (kB) of a process tree: the memory the tree really holds. */
export function treeProportionalKilobytes(pid) {
  return sumOverTree(pid, proportionalKilobytes);
}

const toMegabytes = (kilobytes) => Math.round((kilobytes / 1024) * 10) / 10;

/**
 * Samples the memory of each process tree every `intervalMs` until `stop()` is called; `stop()`
 * answers, per name, the peak summed RSS and the peak summed PSS, in megabytes.
 */
export function sampleMemory(pidsByName, intervalMs = 200) {
  const peaks = {};
  const sample = () => {
    for (const [name, pid] of Object.entries(pidsByName)) {
      const peak = (peaks[name] ??= { rss: 0, pss: 0 });
      peak.rss = Math.max(peak.rss, treeResidentKilobytes(pid));
      peak.pss = Math.max(peak.pss, treeProportionalKilobytes(pid));
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const result = {};
      for (const [name, peak] of Object.entries(peaks)) {
        result[name] = { rssMB: toMegabytes(peak.rss), pssMB: toMegabytes(peak.pss) };
      }
      return result;
    },
  };
}

/**
 * Waits until the given process trees together use under `idleShare` of one core over a window of
 * `windowMs` (at most `timeoutMs`), so that work a target still does after its measurement (writes
 * it deferred, a garbage collection) is not billed to the next target measured. Answers the
 * milliseconds waited.
 */
export async function waitForQuiet(
  pids,
  { windowMs = 250, idleShare = 0.1, timeoutMs = 5000 } = {},
) {
  const started = Date.now();
  const total = () => pids.reduce((sum, pid) => sum + treeCpuSeconds(pid), 0);
  let before = total();
  while (Date.now() - started < timeoutMs) {
    await sleep(windowMs);
    const now = total();
    if (now - before < (idleShare * windowMs) / 1000) break;
    before = now;
  }
  return Date.now() - started;
}

/** Decodes a /proc/net/tcp{,6} hex address (little-endian words) into text. */
function decodeProcAddress(hex) {
  if (hex.length === 8) {
    return [6, 4, 2, 0].map((offset) => parseInt(hex.slice(offset, offset + 2), 16)).join('.');
  }
  const words = hex.match(/.{8}/g).map((word) => word.match(/../g).reverse().join(''));
  const joined = words.join('');
  if (/^0{20}ffff7f/.test(joined)) return '127.x (IPv4-mapped)';
  if (joined === `${'0'.repeat(31)}1`) return '::1';
  return joined === '0'.repeat(32) ? '::' : joined;
}

/** Addresses on which something listens on TCP `port` (from /proc/net/tcp and tcp6). */
export function listeningAddresses(port) {
  const addresses = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines = [];
    try {
      lines = readFileSync(file, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 4 || fields[3] !== '0A') continue;
      const [address, portHex] = fields[1].split(':');
      if (parseInt(portHex, 16) === port) addresses.push(decodeProcAddress(address));
    }
  }
  return addresses;
}

/** Fails unless everything listening on `port` is bound to a loopback address. */
export function assertLoopbackOnly(name, port) {
  const addresses = listeningAddresses(port);
  const open = addresses.filter((address) => !address.startsWith('127.') && address !== '::1');
  if (addresses.length === 0 || open.length > 0) {
    throw new Error(
      `${name} must listen on loopback only; port ${port} is bound to ${addresses.join(', ') || 'nothing'}`,
    );
  }
}
