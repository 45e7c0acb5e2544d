/** One server-sent event: its `event:` name (if any) and its joined `data:` lines. */
export interface ServerSentEvent {
  event: string | undefined;
  data: string;
}

/**
 * Splits a complete `text/event-stream` body into events, for tests that read a whole stream
 * (the mock's, or the gateway's answer built from it). Comment lines are skipped.
 */
export function parseEventStream(text: string): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  for (const block of text.replace(/\r\n/g, '\n').split('\n\n')) {
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
    if (event !== undefined || data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return events;
}
