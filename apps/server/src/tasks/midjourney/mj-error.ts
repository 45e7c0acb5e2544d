/**
 * An error of the Midjourney relay itself (not an upstream body), answered in the
 * Midjourney-proxy shape `{description, type: "upstream_error", code}` with HTTP 400.
 */
export class MidjourneyError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
    this.name = 'MidjourneyError';
  }

  toBody() {
    return { description: this.description, type: 'upstream_error', code: this.code };
  }
}
