import { MAX_CACHED_ANSWER_BYTES } from './cache-store.js';

/**
 * The bytes of a cacheable answer as they go to the client (a plain answer whole, a stream frame
 * by frame, its pings left out), and whether it ended normally. Only a complete capture is
 * stored; one that outgrows the largest cached answer stops collecting.
 */
export class AnswerCapture {
  contentType = '';
  stream = false;
  /** Set once the whole answer went out and ended normally (a stream's clean end). */
  complete = false;
  private parts: Buffer[] = [];
  private bytes = 0;
  private overflow = false;

  /** A plain answer, whole. */
  whole(contentType: string, body: string | Buffer): void {
    this.contentType = contentType;
    this.stream = false;
    this.add(body);
    this.complete = !this.overflow;
  }

  /** Starts a stream's capture. */
  startStream(contentType: string): void {
    this.contentType = contentType;
    this.stream = true;
  }

  /** Text or bytes the client received, in order. */
  add(part: string | Buffer): void {
    if (this.overflow || part.length === 0) return;
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    this.bytes += bytes.length;
    if (this.bytes > MAX_CACHED_ANSWER_BYTES) {
      this.overflow = true;
      this.parts = [];
      return;
    }
    this.parts.push(bytes);
  }

  /** Marks a stream as ended normally (upstream done, no error event, the client still there). */
  finishStream(clean: boolean): void {
    this.complete = clean && !this.overflow;
  }

  /** Everything captured, as one buffer. */
  body(): Buffer {
    return this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts);
  }
}
