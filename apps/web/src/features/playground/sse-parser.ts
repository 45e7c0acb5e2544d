/**
 * Incremental reader of a `text/event-stream` body: feed decoded text as it arrives, get the
 * `data` of every complete event (multi-line data joined with newlines). Comments, `event:`,
 * `id:` and `retry:` lines are ignored; the playground only needs the data.
 */
export interface SseParser {
  push(text: string): void;
  /** Flushes an event left unterminated when the stream ended. */
  end(): void;
}

export function createSseParser(onData: (data: string) => void): SseParser {
  let buffer = '';
  let dataLines: string[] = [];
  // A chunk may end between the \r and \n of one line break.
  let skipLeadingNewline = false;

  function dispatch(): void {
    if (dataLines.length === 0) return;
    const data = dataLines.join('\n');
    dataLines = [];
    onData(data);
  }

  function processLine(line: string): void {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') dataLines.push(value);
  }

  return {
    push(text) {
      buffer += text;
      if (skipLeadingNewline && buffer.startsWith('\n')) buffer = buffer.slice(1);
      skipLeadingNewline = false;
      const breaks = /\r\n|\r|\n/g;
      let start = 0;
      for (let match = breaks.exec(buffer); match; match = breaks.exec(buffer)) {
        if (match[0] === '\r' && match.index === buffer.length - 1) {
          skipLeadingNewline = true;
        }
        processLine(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
    end() {
      if (buffer !== '') processLine(buffer);
      buffer = '';
      dispatch();
    },
  };
}
