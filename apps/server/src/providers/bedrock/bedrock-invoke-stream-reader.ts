import { z } from 'zod';
import type {
  InternalStreamEvent,
  RelayCallInput,
  SseEvent,
  StreamReader,
  UpstreamError,
} from '../provider-adaptor.js';
import { ReaderProgress } from '../reader-progress.js';
import { parseJsonObject } from '../json-guards.js';
import { AnthropicStreamReader } from '../anthropic/anthropic-stream-reader.js';
import { BEDROCK_EXCEPTION_EVENT } from './bedrock-event-stream-parser.js';
import { bedrockExceptionStatus } from './bedrock-error.js';

/** A `chunk` event of InvokeModelWithResponseStream: the model's own event, base64-encoded. */
const payloadPartSchema = z.looseObject({ bytes: z.string() });

/**
 * Reads InvokeModelWithResponseStream for Claude: each `chunk` event's `bytes` hold one Anthropic
 * Messages stream event, read by the Anthropic stream reader as if it had come as SSE. An
 * exception message ends the stream as an upstream error with the exception's status.
 */
export class BedrockInvokeStreamReader extends ReaderProgress implements StreamReader {
  private exception: UpstreamError | undefined;

  constructor(input: RelayCallInput) {
    super(new AnthropicStreamReader(input));
  }

  override get upstreamError(): UpstreamError | undefined {
    return this.exception ?? this.reader.upstreamError;
  }

  read(event: SseEvent): InternalStreamEvent[] {
    if (this.upstreamError) return [];
    if (event.event === BEDROCK_EXCEPTION_EVENT) return this.onException(event.data);
    if (event.event !== 'chunk') return [];
    const part = payloadPartSchema.safeParse(parseJsonObject(event.data));
    if (!part.success) return [];
    const data = Buffer.from(part.data.bytes, 'base64').toString('utf8');
    const type = parseJsonObject(data)?.type;
    return this.reader.read({ event: typeof type === 'string' ? type : '', data });
  }

  private onException(text: string): InternalStreamEvent[] {
    const data = parseJsonObject(text) ?? {};
    const type = typeof data.type === 'string' ? data.type : 'exception';
    const message = typeof data.message === 'string' && data.message ? data.message : type;
    this.exception = { status: bedrockExceptionStatus(type), message, type, code: '', param: '' };
    return [{ type: 'error', error: this.exception }];
  }
}
