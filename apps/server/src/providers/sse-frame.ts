/** The closing frame of an OpenAI-style stream. */
export const DONE_FRAME = 'data: [DONE]\n\n';

/** One SSE frame carrying `payload` as its data (the payload must not contain a line break). */
export function dataFrame(payload: string): string {
  return `data: ${payload}\n\n`;
}

/** True for an upstream `[DONE]` marker (tolerating surrounding spaces). */
export function isDoneMarker(data: string): boolean {
  return data.length < 16 && data.trim() === '[DONE]';
}
