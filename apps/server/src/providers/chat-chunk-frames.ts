import type { InternalStreamEvent, RelayCallInput } from './provider-adaptor.js';
import type { ChatChunk, ChunkDelta, ChunkToolCallDelta } from './hub/stream-events.js';
import { ThinkingToContent } from './thinking-to-content.js';

/**
 * Builds the internal `chat.completion.chunk` events of a converting stream reader: the role chunk
 * first (once), then one chunk per delta, with the channel's `thinking_to_content` applied. Also
 * keeps the generated text and the tool-call count every reader reports for local counting.
 */
export class ChatChunkFrames {
  id: string;
  model: string;
  private readonly created = Math.floor(Date.now() / 1000);
  private started = false;
  private readonly generated: string[] = [];
  private readonly thinkingToContent: ThinkingToContent | undefined;
  /** Tool calls announced so far (their stream index is the count before each). */
  toolCalls = 0;

  /** `keepThinking`: ignore the channel's thinking_to_content (a pass-through reads, never writes). */
  constructor(input: RelayCallInput, id: string, options: { keepThinking?: boolean } = {}) {
    this.id = id;
    this.model = input.upstreamModel;
    this.thinkingToContent =
      input.channel.setting.thinking_to_content && !options.keepThinking
        ? new ThinkingToContent()
        : undefined;
  }

  /** Text, reasoning and tool names/arguments generated so far. */
  completionText(): string {
    return this.generated.join('');
  }

  /** Whether the role chunk went out (the id and model are then fixed). */
  get isStarted(): boolean {
    return this.started;
  }

  /** Text the model generated that is not sent (held back, or dropped as preamble): counted only. */
  unsent(text: string): void {
    this.generated.push(text);
  }

  /** The role chunk, unless one was sent already. */
  start(): InternalStreamEvent[] {
    return this.started ? [] : [this.roleChunk()];
  }

  /** A content or reasoning delta (nothing for empty text). */
  text(field: 'content' | 'reasoning_content', text: string | undefined): InternalStreamEvent[] {
    if (!text) return [];
    this.generated.push(text);
    return this.frame({ [field]: text }, null);
  }

  /** A new tool call's header; returns its index with the events. */
  toolCallStart(id: string, name: string, argumentsText = ''): InternalStreamEvent[] {
    const index = this.toolCalls;
    this.toolCalls += 1;
    this.generated.push(name, argumentsText);
    const call: ChunkToolCallDelta = {
      index,
      id,
      type: 'function',
      function: { name, arguments: argumentsText },
    };
    return this.frame({ tool_calls: [call] }, null);
  }

  /** More arguments of the tool call at `index`. */
  toolCallArguments(index: number, partial: string | undefined): InternalStreamEvent[] {
    if (!partial) return [];
    this.generated.push(partial);
    return this.frame({ tool_calls: [{ index, function: { arguments: partial } }] }, null);
  }

  /** The chunk carrying the finish reason. */
  finish(finishReason: string): InternalStreamEvent[] {
    return this.frame({}, finishReason);
  }

  private frame(delta: ChunkDelta, finishReason: string | null): InternalStreamEvent[] {
    const events = this.start();
    if (this.thinkingToContent) this.thinkingToContent.apply(delta, finishReason !== null);
    events.push(oneChoiceChunk(this.header(), delta, finishReason));
    return events;
  }

  private roleChunk(): InternalStreamEvent {
    this.started = true;
    return oneChoiceChunk(this.header(), { role: 'assistant', content: '' }, null);
  }

  private header(): Omit<ChatChunk, 'choices'> {
    return {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      system_fingerprint: null,
    };
  }
}

/** A `chat.completion.chunk` event with one choice (index 0, no logprobs) under `header`. */
export function oneChoiceChunk(
  header: Omit<ChatChunk, 'choices'>,
  delta: ChunkDelta,
  finishReason: string | null,
): InternalStreamEvent {
  const chunk: ChatChunk = {
    ...header,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
  return { type: 'chunk', chunk };
}
