import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { FramePump, sendableCloseCode } from './realtime-pump.js';

/** A socket that records pause/resume and keeps send callbacks until flushed. */
function fakeSockets() {
  const calls: string[] = [];
  const callbacks: Array<() => void> = [];
  const from = { pause: () => calls.push('pause'), resume: () => calls.push('resume') };
  const to = {
    OPEN: 1,
    readyState: 1,
    send: (_data: Buffer, _options: unknown, callback: () => void) => callbacks.push(callback),
  };
  const pump = new FramePump(from as unknown as WebSocket, to as unknown as WebSocket);
  return { calls, callbacks, pump };
}

describe('FramePump', () => {
  it('pauses the source while the destination is behind, and resumes once it drained', () => {
    const { calls, callbacks, pump } = fakeSockets();
    const frame = Buffer.alloc(400 * 1024);
    pump.forward(frame, false);
    pump.forward(frame, false);
    expect(calls).toEqual([]);
    pump.forward(frame, false);
    expect(calls).toEqual(['pause']);
    // 800 KiB then 400 KiB still queued: above the low-water mark.
    callbacks.shift()!();
    callbacks.shift()!();
    expect(calls).toEqual(['pause']);
    callbacks.shift()!();
    expect(calls).toEqual(['pause', 'resume']);
  });
});

describe('sendableCloseCode', () => {
  it('keeps codes one may send and replaces the reserved ones', () => {
    expect(sendableCloseCode(1000)).toBe(1000);
    expect(sendableCloseCode(4001)).toBe(4001);
    expect(sendableCloseCode(1005)).toBe(1000);
    expect(sendableCloseCode(1006)).toBe(1000);
  });
});
