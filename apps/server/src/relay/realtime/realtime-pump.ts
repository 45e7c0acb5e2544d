import type { RawData, WebSocket } from 'ws';

/** Bytes queued towards one side before the other side is no longer read. */
const HIGH_WATER_BYTES = 1024 * 1024;
/** Reading resumes once the queue drained below this. */
const LOW_WATER_BYTES = 256 * 1024;
/** A side that does not answer a close within this is dropped. */
const CLOSE_GRACE_MS = 5000;

/** A frame's bytes (ws hands over Buffers with the default binary type). */
export function frameBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * Forwards frames from one socket to the other as they come, text as text and binary as binary,
 * without re-encoding. When the destination falls behind (more than HIGH_WATER_BYTES written and
 * not yet flushed to its socket, or held) the source is paused, and resumed once it drained below
 * LOW_WATER_BYTES: a slow reader holds back its peer instead of growing a queue in memory.
 * Frames can be held back, in order, until a promise settles (a `response.done` until its charge is
 * written).
 */
export class FramePump {
  private pending = 0;
  private paused = false;
  /** Frames waiting for the holds to end, in arrival order. */
  private held: { data: Buffer; isBinary: boolean }[] = [];
  private holds = 0;
  private released: (() => void)[] = [];

  constructor(
    private readonly from: WebSocket,
    private readonly to: WebSocket,
  ) {}

  /** Sends one frame on (dropped when the destination is no longer open). */
  forward(data: Buffer, isBinary: boolean): void {
    if (this.to.readyState !== this.to.OPEN) return;
    this.pending += data.length;
    if (this.holds > 0) this.held.push({ data, isBinary });
    else this.send(data, isBinary);
    if (!this.paused && this.pending > HIGH_WATER_BYTES) {
      this.paused = true;
      this.from.pause();
    }
  }

  /** Holds this frame and every later one until `until` settles (whether it fulfils or not). */
  holdUntil(until: Promise<unknown>): void {
    this.holds += 1;
    void until
      .catch(() => {})
      .then(() => {
        this.holds -= 1;
        if (this.holds > 0) return;
        for (const frame of this.held.splice(0)) {
          if (this.to.readyState === this.to.OPEN) this.send(frame.data, frame.isBinary);
          else this.drained(frame.data.length);
        }
        for (const resolve of this.released.splice(0)) resolve();
      });
  }

  /** Resolves once no frame is held back (at once when none is). */
  whenReleased(): Promise<void> {
    if (this.holds === 0) return Promise.resolve();
    return new Promise((resolve) => this.released.push(resolve));
  }

  private send(data: Buffer, isBinary: boolean): void {
    this.to.send(data, { binary: isBinary }, () => this.drained(data.length));
  }

  private drained(size: number): void {
    this.pending -= size;
    if (this.paused && this.pending < LOW_WATER_BYTES) {
      this.paused = false;
      this.from.resume();
    }
  }
}

/** A close code one may send: the peer's own, or 1000 for the reserved ones (1005, 1006…). */
export function sendableCloseCode(code: number): number {
  const valid =
    (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) ||
    (code >= 3000 && code <= 4999);
  return valid ? code : 1000;
}

/**
 * Closes a socket with a code and reason, and drops it if it does not finish the closing
 * handshake in time (a peer that never answers must not keep the session alive).
 */
export function closeSocket(socket: WebSocket, code: number, reason = ''): void {
  if (socket.readyState === socket.CLOSED) return;
  if (socket.readyState === socket.CONNECTING) {
    socket.terminate();
    return;
  }
  // The peer's answer to the close must be read, even from a socket paused for backpressure.
  socket.resume();
  if (socket.readyState === socket.OPEN) {
    // A close reason is limited to 123 bytes; a longer one is left out rather than cut mid-character.
    socket.close(sendableCloseCode(code), Buffer.byteLength(reason) > 123 ? '' : reason);
  }
  const timer = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
