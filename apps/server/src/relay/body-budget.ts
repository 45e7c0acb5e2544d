/**
 * The bytes of relay request bodies this process holds at once (being read, or held by calls in
 * flight). Bodies may be 64 MB each, so without a bound a burst of large uploads could exhaust
 * memory; beyond it a request is refused at once with a 503 (the server is busy, not the client
 * wrong or over a rate) and `Retry-After`, before its body is read.
 */
export class BodyBudget {
  private inUse = 0;

  constructor(readonly limitBytes: number) {}

  /** Takes `bytes`; false (and nothing taken) when that would go over the limit. */
  take(bytes: number): boolean {
    if (bytes <= 0) return true;
    if (this.inUse + bytes > this.limitBytes) return false;
    this.inUse += bytes;
    return true;
  }

  give(bytes: number): void {
    this.inUse = Math.max(0, this.inUse - bytes);
  }

  get bytesInUse(): number {
    return this.inUse;
  }
}

/** The default bound: four maximum-size bodies, or thousands of ordinary calls. */
export const DEFAULT_BODY_BUDGET_BYTES = 256 * 1024 * 1024;
