import { type JsonObject } from '../../../providers/json-guards.js';
import type { ChatChunk, ChunkToolCallDelta } from '../../../providers/hub/stream-events.js';
import type { InternalStreamEvent } from '../../../providers/provider-adaptor.js';
import { ReaderStreamWriter } from '../reader-stream-writer.js';
import { plainUsage, type Usage } from '../../../providers/usage.js';
import { messagesErrorType } from './messages-error.js';
import { messageId, toMessagesUsage, toStopReason } from './internal-to-messages-answer.js';

/** One Claude stream event as an SSE frame. */
export function messagesEvent(type: string, data: JsonObject): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

type OpenBlock =
  | { kind: 'text' | 'thinking'; index: number }
  | { kind: 'tool'; index: number; toolIndex: number };

/**
 * Writes a provider's internal stream (chat.completion.chunk events) as Claude's event stream, in
 * the order the Messages API uses: `message_start` on the first chunk, with the input count known
 * or estimated by then; for each run of reasoning, text or one tool call a `content_block_start`,
 * its `thinking_delta` / `text_delta` / `input_json_delta` events and a `content_block_stop`; at
 * the end `message_delta` with the stop reason and the final usage, then `message_stop`. An
 * upstream error becomes an `error` event, after which nothing more is written; a broken stream
 * gets no closing events.
 */
export class MessagesStreamWriter extends ReaderStreamWriter {
  private started = false;
  private nextIndex = 0;
  private open: OpenBlock | undefined;
  /** Block index of each tool call already started, by its OpenAI tool index. */
  private readonly toolBlocks = new Map<number, number>();
  private finishReason: unknown;

  protected closingFrames(usage: Usage): string {
    let frames = this.start(undefined) + this.closeBlock();
    frames += messagesEvent('message_delta', {
      delta: { stop_reason: this.stopReason(), stop_sequence: null },
      usage: toMessagesUsage(usage),
    });
    return frames + messagesEvent('message_stop', {});
  }

  private stopReason(): string {
    const reason = toStopReason(this.finishReason);
    return reason === 'end_turn' && this.toolBlocks.size > 0 ? 'tool_use' : reason;
  }

  protected write(internal: InternalStreamEvent): string {
    if (internal.type === 'error') {
      const { status, message, type } = internal.error;
      return messagesEvent('error', { error: { type: messagesErrorType(status, type), message } });
    }
    if (internal.type !== 'chunk') return ''; // completions never reach a Claude client
    const { chunk } = internal;
    let frames = this.start(chunk);
    const choice = chunk.choices[0];
    if (!choice) return frames;
    const { delta } = choice;
    const reasoning = delta.reasoning_content || delta.reasoning;
    if (reasoning) frames += this.textDelta('thinking', reasoning);
    if (delta.content) frames += this.textDelta('text', delta.content);
    for (const call of delta.tool_calls ?? []) frames += this.toolDelta(call);
    if (choice.finish_reason !== null && choice.finish_reason !== undefined) {
      this.finishReason = choice.finish_reason;
    }
    return frames;
  }

  /** message_start, once, before anything else. */
  private start(chunk: ChatChunk | undefined): string {
    if (this.started) return '';
    this.started = true;
    const model = chunk?.model || this.input.upstreamModel;
    return messagesEvent('message_start', {
      message: {
        id: messageId(chunk?.id),
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: toMessagesUsage(this.startUsage()),
      },
    });
  }

  /**
   * The usage of `message_start`, where Anthropic reports the input count and where clients such
   * as LangChain read it: upstream's own when it already counted the prompt (usage on its first
   * chunk), else the relay's pre-call estimate. `message_delta` carries the exact final usage,
   * which the Anthropic SDKs take over.
   */
  private startUsage(): Usage {
    const reported = this.reader.usage;
    if (reported && reported.promptTokens > 0) return reported;
    return plainUsage(this.input.promptTokensEstimate ?? 0, reported?.completionTokens ?? 0);
  }

  private closeBlock(): string {
    if (!this.open) return '';
    const index = this.open.index;
    this.open = undefined;
    return messagesEvent('content_block_stop', { index });
  }

  private openBlock(block: OpenBlock, contentBlock: JsonObject): string {
    const frames = this.closeBlock();
    this.open = block;
    this.nextIndex = block.index + 1;
    return (
      frames +
      messagesEvent('content_block_start', { index: block.index, content_block: contentBlock })
    );
  }

  private textDelta(kind: 'text' | 'thinking', text: string): string {
    let frames = '';
    if (this.open?.kind !== kind) {
      frames += this.openBlock(
        { kind, index: this.nextIndex },
        kind === 'text'
          ? { type: 'text', text: '' }
          : { type: 'thinking', thinking: '', signature: '' },
      );
    }
    const delta =
      kind === 'text' ? { type: 'text_delta', text } : { type: 'thinking_delta', thinking: text };
    return frames + messagesEvent('content_block_delta', { index: this.open!.index, delta });
  }

  private toolDelta(call: ChunkToolCallDelta): string {
    const toolIndex = typeof call.index === 'number' ? call.index : 0;
    const fn = call.function ?? {};
    let frames = '';
    let blockIndex = this.toolBlocks.get(toolIndex);
    if (blockIndex === undefined) {
      blockIndex = this.nextIndex;
      this.toolBlocks.set(toolIndex, blockIndex);
      frames += this.openBlock(
        { kind: 'tool', index: blockIndex, toolIndex },
        {
          type: 'tool_use',
          id: call.id || `toolu_${blockIndex}_${Date.now().toString(36)}`,
          name: fn.name ?? '',
          input: {},
        },
      );
    }
    const partial = fn.arguments;
    if (!partial) return frames;
    return (
      frames +
      messagesEvent('content_block_delta', {
        index: blockIndex,
        delta: { type: 'input_json_delta', partial_json: partial },
      })
    );
  }
}
