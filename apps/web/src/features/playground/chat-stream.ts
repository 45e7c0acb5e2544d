import { getStoredUser } from '../../session/stored-user';
import { failedResponseMessage, readStreamEvent, type ChatRequest } from './chat-messages';
import { createSseParser } from './sse-parser';

export interface StreamHandlers {
  onText: (text: string) => void;
  /** Called once: the stream ended (`error` set when it failed). */
  onEnd: (outcome: { error?: string }) => void;
}

/**
 * Sends the playground request (`POST /pg/chat/completions`, session cookie plus the
 * `New-Api-User` header) and reads the OpenAI event stream. The console's HTTP client only
 * speaks JSON envelopes, so the stream is read here. Aborting ends the reply as complete, with the
 * text received so far.
 */
export async function streamChat(
  request: ChatRequest,
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  let ended = false;
  const end = (outcome: { error?: string } = {}) => {
    if (ended) return;
    ended = true;
    handlers.onEnd(outcome);
  };
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'text/event-stream',
  };
  const user = getStoredUser();
  if (user) headers['New-Api-User'] = String(user.id);

  try {
    const response = await fetch('/pg/chat/completions', {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(request),
      signal,
    });
    if (!response.ok || !response.body) {
      end({ error: failedResponseMessage(response.status, await response.text()) });
      return;
    }
    const parser = createSseParser((data) => {
      if (ended) return;
      const event = readStreamEvent(data);
      if (event?.kind === 'text') handlers.onText(event.text);
      else if (event?.kind === 'error') end({ error: event.message });
      else if (event?.kind === 'done') end();
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(value);
      if (ended) {
        await reader.cancel();
        return;
      }
    }
    parser.end();
    // A stream that closes without its end marker still ends the reply.
    end();
  } catch (error) {
    if (signal.aborted) end();
    else end({ error: error instanceof Error ? error.message : String(error) });
  }
}
