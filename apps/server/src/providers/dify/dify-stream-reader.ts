import { ChunkFramesReader } from '../chunk-frames-reader.js';
import { parseJsonObject } from '../json-guards.js';
import type { InternalStreamEvent, RelayCallInput, SseEvent } from '../provider-adaptor.js';
import { difyStreamEventSchema } from './dify-api-types.js';
import { convertDifyUsage } from './convert-dify-usage.js';
import { parseDifyError } from './dify-errors.js';

/**
 * Dify wraps a reasoning model's thinking in an HTML `<details>` block, each tag sent as a whole
 * event; they become `<think>` and `</think>` (as new-api does), which clients know.
 */
const DIFY_THINKING_OPEN =
  '<details style="color:gray;background-color: #f8f8f8;padding: 8px;border-radius: 4px;" open> <summary> Thinking... </summary>\n';
const DIFY_THINKING_CLOSE = '</details>';

function thinkTags(answer: string | undefined): string | undefined {
  if (answer === DIFY_THINKING_OPEN) return '<think>';
  if (answer === DIFY_THINKING_CLOSE) return '</think>';
  return answer;
}

/**
 * Reads Dify's streaming events into internal chunks: `message`/`agent_message` → content (thinking tags as `<think>`);
 * `agent_thought` → its thought as reasoning; `message_end` → usage and the finish; an `error`
 * event → the stream's upstream error. With `debug` (DIFY_DEBUG, as new-api) the start of the
 * workflow and of each node is shown as a content line ("Workflow: <id>\n", "Node: <title>\n");
 * finished events, `ping` and the rest carry nothing to relay.
 */
export class DifyStreamReader extends ChunkFramesReader {
  private finished = false;

  constructor(
    input: RelayCallInput,
    private readonly debug: boolean,
  ) {
    super(input);
  }

  read(event: SseEvent): InternalStreamEvent[] {
    if (this.finished || this.failure) return [];
    const parsed = difyStreamEventSchema.safeParse(parseJsonObject(event.data));
    if (!parsed.success) return [];
    const data = parsed.data;
    if (data.message_id) this.frames.id = `chatcmpl-${data.message_id}`;
    switch (data.event) {
      case 'message':
      case 'agent_message':
        return this.frames.text('content', thinkTags(data.answer));
      case 'agent_thought':
        return this.frames.text('reasoning_content', data.thought);
      case 'workflow_started':
        if (!this.debug) return [];
        return this.frames.text('content', `Workflow: ${data.data?.workflow_id ?? ''}\n`);
      case 'node_started':
        if (!this.debug) return [];
        return this.frames.text(
          'content',
          `Node: ${data.data?.title ?? data.data?.node_id ?? ''}\n`,
        );
      case 'message_end':
        this.finished = true;
        this.reportedUsage = convertDifyUsage(data.metadata?.usage);
        return this.frames.finish('stop');
      case 'error':
        return this.fail(parseDifyError(data.status ?? 500, event.data));
      default:
        return [];
    }
  }
}
