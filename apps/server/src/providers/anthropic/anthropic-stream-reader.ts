import type { Usage } from '../usage.js';
import { ChunkFramesReader } from '../chunk-frames-reader.js';
import type { InternalStreamEvent, RelayCallInput, SseEvent } from '../provider-adaptor.js';
import {
  parseJsonObject,
  readNumber,
  readObject,
  readString,
  type JsonObject,
} from '../json-guards.js';
import {
  emptyAnthropicCounts,
  mergeAnthropicUsage,
  toUsage,
  type AnthropicUsageCounts,
} from './convert-anthropic-usage.js';
import { anthropicErrorStatus } from './anthropic-error.js';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';
import { chatCompletionId } from './convert-anthropic-response.js';
import { chatCallOf } from '../hub/call-body.js';
import { responseFormatTool } from './convert-response-format.js';

/** What a content block index stands for in the OpenAI stream. */
type BlockKind =
  | { kind: 'text' | 'thinking' | 'format' | 'other' }
  | { kind: 'tool'; toolIndex: number };

/**
 * Reads an Anthropic Messages event stream into internal `chat.completion.chunk`s:
 * message_start → a role chunk (once, even if upstream repeats it); text deltas → `content`;
 * thinking deltas → `reasoning_content`; a `tool_use` block start → a tool call header
 * (`index`, `id`, `type`, `function.name`), its `input_json_delta`s → argument deltas at the same
 * index; message_delta → a chunk with the mapped finish_reason. Usage comes from message_start
 * (input and cache counts) and message_delta (final output count): until message_delta arrives
 * the reported completion is 0, so the relay counts output locally on a broken stream rather
 * than billing message_start's placeholder output count. `ping`, signatures,
 * citations and server-side tool blocks produce nothing. An `error` event ends the stream: it
 * becomes an internal error event and is kept in `upstreamError`. The response-format tool's
 * call (convert-response-format.ts) is the answer: its input deltas are content deltas, and its
 * `tool_use` stop a `stop` finish.
 */
export class AnthropicStreamReader extends ChunkFramesReader {
  private readonly counts: AnthropicUsageCounts = emptyAnthropicCounts();
  private usageState: 'none' | 'input' | 'final' = 'none';
  private readonly blocks = new Map<number, BlockKind>();
  /** The response-format tool's name, when the call asked for JSON. */
  private readonly formatToolName: string | undefined;
  /**
   * Text written before the response-format tool's call, held back: once the call comes it is
   * preamble ("I'll answer with the tool") and dropped, so the content stays valid JSON; a message
   * that ends without the call (a thinking model may answer in text) gets it then.
   */
  private heldText: string | undefined;

  /** `keepThinking`: ignore the channel's thinking_to_content (a pass-through reads, never writes). */
  constructor(input: RelayCallInput, options: { keepThinking?: boolean } = {}) {
    super(input, '', options);
    this.formatToolName = responseFormatTool(input.body ? chatCallOf(input) : undefined)?.name;
    if (this.formatToolName !== undefined) this.heldText = '';
  }

  override get usage(): Usage | undefined {
    if (this.usageState === 'none') return undefined;
    const usage = toUsage(this.counts);
    if (this.usageState === 'input') {
      usage.completionTokens = 0;
      usage.reasoningTokens = 0;
    }
    return usage;
  }

  read(event: SseEvent): InternalStreamEvent[] {
    if (this.failure) return [];
    const data = parseJsonObject(event.data);
    if (!data) return [];
    switch (readString(data, 'type') || event.event) {
      case 'message_start':
        return this.onMessageStart(data);
      case 'content_block_start':
        return this.onBlockStart(data);
      case 'content_block_delta':
        return this.onBlockDelta(data);
      case 'message_delta':
        return this.onMessageDelta(data);
      case 'error':
        return this.onError(data);
      default:
        // ping, content_block_stop, message_stop and future events carry nothing to relay.
        return [];
    }
  }

  private onMessageStart(data: JsonObject): InternalStreamEvent[] {
    const message = readObject(data, 'message');
    if (!message) return [];
    const usage = readObject(message, 'usage');
    if (usage) {
      mergeAnthropicUsage(this.counts, usage);
      if (this.usageState === 'none') this.usageState = 'input';
    }
    if (this.frames.isStarted) return [];
    this.frames.id = chatCompletionId(readString(message, 'id'));
    this.frames.model = readString(message, 'model') || this.frames.model;
    return this.frames.start();
  }

  private onBlockStart(data: JsonObject): InternalStreamEvent[] {
    const index = readNumber(data, 'index') ?? 0;
    const block = readObject(data, 'content_block') ?? {};
    switch (block.type) {
      case 'text':
        this.blocks.set(index, { kind: 'text' });
        return this.textDelta('content', readString(block, 'text'));
      case 'thinking':
        this.blocks.set(index, { kind: 'thinking' });
        return this.textDelta('reasoning_content', readString(block, 'thinking'));
      case 'tool_use': {
        if (this.formatToolName !== undefined && block.name === this.formatToolName) {
          this.blocks.set(index, { kind: 'format' });
          if (this.heldText) this.frames.unsent(this.heldText);
          this.heldText = undefined;
          const input = readObject(block, 'input');
          return input && Object.keys(input).length > 0
            ? this.textDelta('content', JSON.stringify(input))
            : [];
        }
        this.blocks.set(index, { kind: 'tool', toolIndex: this.frames.toolCalls });
        const input = readObject(block, 'input');
        // The API streams the input as deltas and starts with `{}`; a proxy may send it whole.
        const argumentsText = input && Object.keys(input).length > 0 ? JSON.stringify(input) : '';
        return this.frames.toolCallStart(
          readString(block, 'id') ?? '',
          readString(block, 'name') ?? '',
          argumentsText,
        );
      }
      default:
        this.blocks.set(index, { kind: 'other' });
        return [];
    }
  }

  private onBlockDelta(data: JsonObject): InternalStreamEvent[] {
    const delta = readObject(data, 'delta');
    if (!delta) return [];
    switch (delta.type) {
      case 'text_delta':
        return this.textDelta('content', readString(delta, 'text'));
      case 'thinking_delta':
        return this.textDelta('reasoning_content', readString(delta, 'thinking'));
      case 'input_json_delta': {
        const block = this.blocks.get(readNumber(data, 'index') ?? 0);
        const partial = readString(delta, 'partial_json');
        if (block?.kind === 'format') return this.textDelta('content', partial);
        if (!block || block.kind !== 'tool') return [];
        return this.frames.toolCallArguments(block.toolIndex, partial);
      }
      default:
        return [];
    }
  }

  private onMessageDelta(data: JsonObject): InternalStreamEvent[] {
    const usage = readObject(data, 'usage');
    if (usage) mergeAnthropicUsage(this.counts, usage);
    this.usageState = 'final';
    const delta = readObject(data, 'delta');
    const stopReason = delta && readString(delta, 'stop_reason');
    // A tool_use stop with no client tool called was the response-format tool's.
    const finishReason =
      stopReason === 'tool_use' && this.frames.toolCalls === 0
        ? 'stop'
        : mapAnthropicFinishReason(stopReason);
    const held = this.heldText;
    this.heldText = undefined;
    const events = this.frames.text('content', held);
    if (finishReason) events.push(...this.frames.finish(finishReason));
    return events;
  }

  private onError(data: JsonObject): InternalStreamEvent[] {
    const error = readObject(data, 'error') ?? {};
    const type = readString(error, 'type') || 'upstream_error';
    const message = readString(error, 'message') || 'upstream stream reported an error';
    return this.fail({ status: anthropicErrorStatus(type), message, type, code: '', param: '' });
  }

  private textDelta(
    field: 'content' | 'reasoning_content',
    text: string | undefined,
  ): InternalStreamEvent[] {
    if (field === 'content' && text && this.heldText !== undefined) {
      this.heldText += text;
      return [];
    }
    return this.frames.text(field, text);
  }
}
