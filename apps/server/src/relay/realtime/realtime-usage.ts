import { z } from 'zod';
import { countTextTokens } from '../../billing/index.js';

/** One response's usage split as realtime bills it (reference §4.4). */
export interface RealtimeUsage {
  textInput: number;
  audioInput: number;
  textOutput: number;
  audioOutput: number;
  /** Part of the input read from the prompt cache (logged; the audio formula does not discount it). */
  cachedInput: number;
}

const count = z.number().int().nonnegative().catch(0);

/** `response.usage` of a `response.done` event (fields absent or malformed count 0). */
const usageShape = z.object({
  input_tokens: count.optional(),
  output_tokens: count.optional(),
  input_token_details: z
    .object({
      text_tokens: count.optional(),
      audio_tokens: count.optional(),
      cached_tokens: count.optional(),
    })
    .partial()
    .catch({})
    .optional(),
  output_token_details: z
    .object({ text_tokens: count.optional(), audio_tokens: count.optional() })
    .partial()
    .catch({})
    .optional(),
});

/**
 * The usage a `response.done` event reports, or undefined when it reports none. Where the split
 * into text and audio is missing, the tokens not reported as audio are text.
 */
export function reportedUsage(response: unknown): RealtimeUsage | undefined {
  if (typeof response !== 'object' || response === null || !('usage' in response)) return undefined;
  const parsed = usageShape.safeParse(response.usage);
  if (!parsed.success) return undefined;
  const usage = parsed.data;
  const input = usage.input_tokens ?? 0;
  const output = usage.output_tokens ?? 0;
  const audioInput = usage.input_token_details?.audio_tokens ?? 0;
  const audioOutput = usage.output_token_details?.audio_tokens ?? 0;
  return {
    textInput: usage.input_token_details?.text_tokens ?? Math.max(0, input - audioInput),
    audioInput,
    textOutput: usage.output_token_details?.text_tokens ?? Math.max(0, output - audioOutput),
    audioOutput,
    cachedInput: usage.input_token_details?.cached_tokens ?? 0,
  };
}

/** Total tokens of a usage (0: the response produced nothing to bill). */
export function totalTokens(usage: RealtimeUsage): number {
  return usage.textInput + usage.audioInput + usage.textOutput + usage.audioOutput;
}

/** Bytes per second of a realtime audio format: PCM16 at 24 kHz, G.711 at 8 kHz. */
function bytesPerSecond(format: string): number {
  return format.startsWith('g711') ? 8000 : 48000;
}

/** Text kept for counting is tokenized once it grows past this many characters. */
const TEXT_BATCH_CHARACTERS = 256 * 1024;

/**
 * Text counted with the model's tokenizer only when its count is needed (most responses report
 * their usage, so their text is never tokenized); long text is counted in batches to bound memory.
 */
class LazyTextCount {
  private parts: string[] = [];
  private characters = 0;
  private counted = 0;

  constructor(private readonly model: string) {}

  add(text: string): void {
    if (text === '') return;
    this.parts.push(text);
    this.characters += text.length;
    if (this.characters > TEXT_BATCH_CHARACTERS) this.countPending();
  }

  tokens(): number {
    this.countPending();
    return this.counted;
  }

  reset(): void {
    this.parts = [];
    this.characters = 0;
    this.counted = 0;
  }

  private countPending(): void {
    if (this.parts.length === 0) return;
    this.counted += countTextTokens(this.model, this.parts);
    this.parts = [];
    this.characters = 0;
  }
}

/**
 * Usage counted locally from the events themselves, for a response upstream never reported
 * (reference §3.12): text with the model's tokenizer; audio by its duration, at new-api's rates of
 * 100 / 0.06 tokens a minute for input and 200 / 0.24 for output. Counts what was sent since the
 * last reported response.
 */
export class LocalUsageCounter {
  private inputFormat = 'pcm16';
  private outputFormat = 'pcm16';
  private readonly textInput: LazyTextCount;
  private readonly textOutput: LazyTextCount;
  private audioInputBytes = 0;
  private audioOutputBytes = 0;

  constructor(model: string) {
    this.textInput = new LazyTextCount(model);
    this.textOutput = new LazyTextCount(model);
  }

  /** A session's audio formats (from session.created/updated and the client's session.update). */
  setFormats(session: unknown): void {
    if (typeof session !== 'object' || session === null) return;
    const record = session as Record<string, unknown>;
    if (typeof record.input_audio_format === 'string') this.inputFormat = record.input_audio_format;
    if (typeof record.output_audio_format === 'string') {
      this.outputFormat = record.output_audio_format;
    }
  }

  addInputText(text: string): void {
    this.textInput.add(text);
  }

  /** Base64 audio appended to the input buffer (its length gives the bytes without decoding). */
  addInputAudio(base64: string): void {
    this.audioInputBytes += Buffer.byteLength(base64, 'base64');
  }

  /** Audio bytes appended to the input buffer. */
  addInputAudioBytes(bytes: number): void {
    this.audioInputBytes += bytes;
  }

  addOutputText(text: string): void {
    this.textOutput.add(text);
  }

  addOutputAudio(base64: string): void {
    this.audioOutputBytes += Buffer.byteLength(base64, 'base64');
  }

  /** Audio bytes of an output delta. */
  addOutputAudioBytes(bytes: number): void {
    this.audioOutputBytes += bytes;
  }

  /** What was counted since the last reset. */
  usage(): RealtimeUsage {
    const inputSeconds = this.audioInputBytes / bytesPerSecond(this.inputFormat);
    const outputSeconds = this.audioOutputBytes / bytesPerSecond(this.outputFormat);
    return {
      textInput: this.textInput.tokens(),
      audioInput: Math.ceil(((inputSeconds / 60) * 100) / 0.06),
      textOutput: this.textOutput.tokens(),
      audioOutput: Math.ceil(((outputSeconds / 60) * 200) / 0.24),
      cachedInput: 0,
    };
  }

  /** Starts counting afresh (a response's usage was charged). */
  reset(): void {
    this.textInput.reset();
    this.textOutput.reset();
    this.audioInputBytes = 0;
    this.audioOutputBytes = 0;
  }
}
