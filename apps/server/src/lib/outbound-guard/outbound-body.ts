/** An answer body larger than its reader allows. */
export class OutboundBodyTooLarge extends Error {
  override name = 'OutboundBodyTooLarge';

  constructor(readonly limit: number) {
    super(`the answer is larger than ${limit} bytes`);
  }
}

/** A body as the guard's answers carry it (undici's readable). */
export interface OutboundBodyStream extends AsyncIterable<Buffer> {
  destroy(error?: Error): unknown;
}

/**
 * Reads a whole answer body, at most `maxBytes` of it: past the limit the body is dropped and
 * OutboundBodyTooLarge is thrown, so an endless answer costs no more memory than the limit.
 */
export async function readOutboundBody(
  body: OutboundBodyStream,
  maxBytes: number,
): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new OutboundBodyTooLarge(maxBytes);
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts, size);
}
