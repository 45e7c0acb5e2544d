import type { Dispatcher } from 'undici';

/**
 * Reads an upstream response body into memory, up to `limit` bytes. A larger body is cut off
 * (and its stream destroyed) instead of failing: channel tests and balance queries only need the
 * beginning of an error page, and their success answers are small.
 */
export async function readLimitedBody(
  body: Dispatcher.ResponseData['body'],
  limit: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    if (size + buffer.length > limit) {
      chunks.push(buffer.subarray(0, limit - size));
      discardBody(body);
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    size += buffer.length;
    chunks.push(buffer);
  }
  return { bytes: Buffer.concat(chunks, size), truncated: false };
}

/**
 * Drops a response body that will not be read. undici reports a destroyed, unfinished body as an
 * "aborted" error event; nobody waits for it here, so it is silenced instead of crashing.
 */
export function discardBody(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {});
  body.destroy();
}
