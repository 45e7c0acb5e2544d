import { type JsonObject } from '../../../providers/json-guards.js';
import type { ChatChunk, ChunkToolCallDelta } from '../../../providers/hub/stream-events.js';
import type { Usage } from '../../../providers/usage.js';
import {
  echoedRequestFields,
  functionCallItem,
  incompleteReason,
  messageItem,
  newResponseId,
  reasoningItem,
  responseObject,
  type ResponseHeader,
} from './chat-answer-to-response.js';

interface OpenText {
  outputIndex: number;
  id: string;
  text: string;
}

interface OpenCall {
  outputIndex: number;
  id: string;
  callId: string;
  name: string;
  args: string;
}

/**
 * Turns the chunks of a chat completion stream into the events of a Responses stream, in the
 * order the `openai` SDK's stream parser expects: `response.created` and `response.in_progress`,
 * then per output item `response.output_item.added`, its part or summary part, its deltas, its
 * `.done` events and `response.output_item.done`, and at the end `response.completed` (or
 * `response.incomplete` when the answer was cut at the output limit) with the whole Response and
 * its usage. Every event carries `sequence_number`. Pure: no I/O, ids are generated here.
 */
export class ChatChunksToResponseEvents {
  private sequence = 0;
  private header: ResponseHeader | undefined;
  private readonly output: JsonObject[] = [];
  private reasoning: OpenText | undefined;
  private text: OpenText | undefined;
  /** Open function calls by the chat tool call index. */
  private readonly calls = new Map<number, OpenCall>();
  private finishReason: unknown;

  constructor(
    private readonly request: JsonObject | undefined,
    private readonly fallbackModel: string,
  ) {}

  /** The events one chat chunk carries (often one delta, sometimes none). */
  chunk(chunk: ChatChunk): JsonObject[] {
    const events: JsonObject[] = [];
    this.start(events, chunk);
    const choice = chunk.choices[0];
    if (!choice) return events;
    const { delta } = choice;
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (reasoning) this.reasoningDelta(events, reasoning);
    if (delta.content) this.textDelta(events, delta.content);
    for (const call of delta.tool_calls ?? []) this.toolCallDelta(events, call);
    if (choice.finish_reason) {
      this.finishReason = choice.finish_reason;
    }
    return events;
  }

  /** The closing events of a stream that ended cleanly, with the usage billed. */
  finish(usage: Usage): JsonObject[] {
    const events: JsonObject[] = [];
    this.start(events, undefined);
    this.closeReasoning(events);
    this.closeText(events);
    for (const call of [...this.calls.values()].sort((a, b) => a.outputIndex - b.outputIndex)) {
      this.closeCall(events, call);
    }
    this.calls.clear();
    const reason = incompleteReason(this.finishReason);
    const response = responseObject(
      this.header!,
      this.output.filter(Boolean),
      reason ? 'incomplete' : 'completed',
      usage,
      reason,
    );
    events.push(this.event(reason ? 'response.incomplete' : 'response.completed', { response }));
    return events;
  }

  /** An error event (after which the stream ends). */
  error(error: { message: string; code: string; param: string }): JsonObject {
    return this.event('error', {
      code: error.code || null,
      message: error.message,
      param: error.param || null,
    });
  }

  private event(type: string, fields: JsonObject): JsonObject {
    const event = { type, ...fields, sequence_number: this.sequence };
    this.sequence += 1;
    return event;
  }

  private start(events: JsonObject[], chunk: ChatChunk | undefined): void {
    if (this.header) return;
    const created = chunk?.created ?? 0;
    this.header = {
      id: newResponseId('resp'),
      createdAt: created || Math.floor(Date.now() / 1000),
      model: chunk?.model || this.fallbackModel,
      echoed: echoedRequestFields(this.request),
    };
    const response = responseObject(this.header, [], 'in_progress', undefined, undefined);
    events.push(this.event('response.created', { response }));
    events.push(this.event('response.in_progress', { response }));
  }

  private addItem(events: JsonObject[], item: JsonObject): number {
    const outputIndex = this.output.length;
    this.output.push(item);
    events.push(this.event('response.output_item.added', { output_index: outputIndex, item }));
    return outputIndex;
  }

  private reasoningDelta(events: JsonObject[], delta: string): void {
    this.closeText(events);
    if (!this.reasoning) {
      const id = newResponseId('rs');
      const outputIndex = this.addItem(events, { id, type: 'reasoning', summary: [] });
      this.reasoning = { outputIndex, id, text: '' };
      events.push(
        this.event('response.reasoning_summary_part.added', {
          item_id: id,
          output_index: outputIndex,
          summary_index: 0,
          part: { type: 'summary_text', text: '' },
        }),
      );
    }
    const open = this.reasoning;
    open.text += delta;
    events.push(
      this.event('response.reasoning_summary_text.delta', {
        item_id: open.id,
        output_index: open.outputIndex,
        summary_index: 0,
        delta,
      }),
    );
  }

  private closeReasoning(events: JsonObject[]): void {
    const open = this.reasoning;
    if (!open) return;
    this.reasoning = undefined;
    const where = { item_id: open.id, output_index: open.outputIndex, summary_index: 0 };
    events.push(this.event('response.reasoning_summary_text.done', { ...where, text: open.text }));
    events.push(
      this.event('response.reasoning_summary_part.done', {
        ...where,
        part: { type: 'summary_text', text: open.text },
      }),
    );
    const item = reasoningItem(open.id, open.text);
    this.output[open.outputIndex] = item;
    events.push(this.event('response.output_item.done', { output_index: open.outputIndex, item }));
  }

  private textDelta(events: JsonObject[], delta: string): void {
    this.closeReasoning(events);
    if (!this.text) {
      const id = newResponseId('msg');
      const outputIndex = this.addItem(events, {
        id,
        type: 'message',
        status: 'in_progress',
        role: 'assistant',
        content: [],
      });
      this.text = { outputIndex, id, text: '' };
      events.push(
        this.event('response.content_part.added', {
          item_id: id,
          output_index: outputIndex,
          content_index: 0,
          part: { type: 'output_text', text: '', annotations: [], logprobs: [] },
        }),
      );
    }
    const open = this.text;
    open.text += delta;
    events.push(
      this.event('response.output_text.delta', {
        item_id: open.id,
        output_index: open.outputIndex,
        content_index: 0,
        delta,
        logprobs: [],
      }),
    );
  }

  private closeText(events: JsonObject[]): void {
    const open = this.text;
    if (!open) return;
    this.text = undefined;
    const where = { item_id: open.id, output_index: open.outputIndex, content_index: 0 };
    events.push(
      this.event('response.output_text.done', { ...where, text: open.text, logprobs: [] }),
    );
    events.push(
      this.event('response.content_part.done', {
        ...where,
        part: { type: 'output_text', text: open.text, annotations: [], logprobs: [] },
      }),
    );
    const item = messageItem(open.id, open.text, 'completed');
    this.output[open.outputIndex] = item;
    events.push(this.event('response.output_item.done', { output_index: open.outputIndex, item }));
  }

  private toolCallDelta(events: JsonObject[], delta: ChunkToolCallDelta): void {
    const index = typeof delta.index === 'number' ? delta.index : 0;
    const fn = delta.function ?? {};
    let open = this.calls.get(index);
    if (!open) {
      this.closeReasoning(events);
      this.closeText(events);
      const id = newResponseId('fc');
      const callId = delta.id || newResponseId('call');
      const name = fn.name ?? '';
      const outputIndex = this.addItem(
        events,
        functionCallItem(id, callId, name, '', 'in_progress'),
      );
      open = { outputIndex, id, callId, name, args: '' };
      this.calls.set(index, open);
    }
    const args = fn.arguments;
    if (!args) return;
    open.args += args;
    events.push(
      this.event('response.function_call_arguments.delta', {
        item_id: open.id,
        output_index: open.outputIndex,
        delta: args,
      }),
    );
  }

  private closeCall(events: JsonObject[], open: OpenCall): void {
    events.push(
      this.event('response.function_call_arguments.done', {
        item_id: open.id,
        output_index: open.outputIndex,
        name: open.name,
        arguments: open.args,
      }),
    );
    const item = functionCallItem(open.id, open.callId, open.name, open.args, 'completed');
    this.output[open.outputIndex] = item;
    events.push(this.event('response.output_item.done', { output_index: open.outputIndex, item }));
  }
}
