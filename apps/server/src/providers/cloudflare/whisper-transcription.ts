import { RelayError } from '../../errors/relay-error.js';
import type { JsonObject } from '../json-guards.js';
import { convertAudioUsage } from '../openai/convert-openai-usage.js';
import type { ConvertedResponse, RelayCallInput } from '../provider-adaptor.js';
import { whisperResultSchema, type WhisperResult } from './cloudflare-api-types.js';
import { readMultipartField, readMultipartPart } from './read-multipart-part.js';
import { readEnvelopeResult, unexpectedAnswer } from './workers-ai-completion.js';

/** What a transcription call sends Workers AI: raw audio bytes, or JSON for the turbo model. */
export interface WhisperUpload {
  contentType: string;
  body: Buffer | string;
}

/**
 * The upload of an OpenAI transcription or translation call (multipart with `file`) for Workers
 * AI's `/ai/run/{whisper model}`: the file's raw bytes (reference §3.11, "Cloudflare STT sends the
 * raw file"), except for `whisper-large-v3-turbo`, which takes `{audio: base64, task, language?,
 * initial_prompt?}` and is the only one that translates (to English). Only Whisper models serve
 * these calls; anything else is refused locally.
 */
export function toWhisperUpload(input: RelayCallInput): WhisperUpload {
  const model = input.upstreamModel;
  if (!model.includes('whisper')) {
    throw RelayError.badRequest(
      `Workers AI speech-to-text needs a Whisper model, not ${model}`,
      'convert_request_failed',
    );
  }
  const turbo = model.includes('large-v3-turbo');
  if (input.mode === 'translation' && !turbo) {
    throw RelayError.badRequest(
      'Workers AI translates speech only with @cf/openai/whisper-large-v3-turbo',
      'convert_request_failed',
    );
  }
  const file = readMultipartPart(input.rawBody, input.contentType, 'file');
  if (!file || file.length === 0) {
    throw RelayError.badRequest('the request has no audio file', 'invalid_request');
  }
  if (!turbo) return { contentType: 'application/octet-stream', body: file };
  const request: JsonObject = {
    audio: file.toString('base64'),
    task: input.mode === 'translation' ? 'translate' : 'transcribe',
  };
  const language = readMultipartField(input.rawBody, input.contentType, 'language');
  if (language) request.language = language;
  const prompt = readMultipartField(input.rawBody, input.contentType, 'prompt');
  if (prompt) request.initial_prompt = prompt;
  return { contentType: 'application/json', body: JSON.stringify(request) };
}

/** The audio's length in seconds: the model's own figure, else where the last word or segment ends. */
export function audioSeconds(result: WhisperResult): number | undefined {
  const reported = result.transcription_info?.duration;
  if (reported !== undefined && reported > 0) return reported;
  let end = 0;
  for (const timed of [...(result.words ?? []), ...(result.segments ?? [])]) {
    end = Math.max(end, timed.end ?? 0);
  }
  return end > 0 ? end : undefined;
}

/**
 * A Workers AI Whisper answer (`{result: {text, word_count, words, vtt}}`) as OpenAI's
 * transcription (or translation) answer in the `response_format` the client asked for: `json` (default, `{text,
 * usage}`), `text`, `verbose_json`, `vtt` or `srt`. Billed like OpenAI's Whisper: prompt tokens =
 * round(ceil(seconds) / 60 × 1000) of the audio's length (reference §3.11).
 */
export function convertWhisperAnswer(payload: unknown, input: RelayCallInput): ConvertedResponse {
  const parsed = whisperResultSchema.safeParse(readEnvelopeResult(payload));
  if (!parsed.success) throw unexpectedAnswer();
  const result = parsed.data;
  const seconds = audioSeconds(result);
  const usage =
    seconds === undefined ? undefined : convertAudioUsage({ type: 'duration', seconds });
  const format = readMultipartField(input.rawBody, input.contentType, 'response_format') ?? 'json';
  const text = result.text;
  const plain = (body: string): ConvertedResponse => ({
    body,
    contentType: 'text/plain; charset=utf-8',
    usage,
    completionText: '',
  });
  switch (format) {
    case 'text':
      return plain(`${text}\n`);
    case 'vtt':
      return plain(webVtt(result, seconds));
    case 'srt':
      return plain(vttToSrt(webVtt(result, seconds)));
    case 'verbose_json':
      return json(verboseTranscription(result, seconds, input.mode), usage);
    default: {
      const answer: JsonObject = { text };
      if (seconds !== undefined) answer.usage = { type: 'duration', seconds: Math.ceil(seconds) };
      return json(answer, usage);
    }
  }
}

/** The answer as a JSON object (for clients of other formats, the internal form). */
export function whisperAnswerObject(payload: unknown): JsonObject {
  const parsed = whisperResultSchema.safeParse(readEnvelopeResult(payload));
  if (!parsed.success) throw unexpectedAnswer();
  return { text: parsed.data.text };
}

function json(answer: JsonObject, usage: ConvertedResponse['usage']): ConvertedResponse {
  return {
    body: JSON.stringify(answer),
    contentType: 'application/json',
    usage,
    completionText: '',
  };
}

/** OpenAI's `verbose_json`: task, language, duration, text, and the words or segments with times. */
function verboseTranscription(
  result: WhisperResult,
  seconds: number | undefined,
  mode: RelayCallInput['mode'],
): JsonObject {
  const answer: JsonObject = {
    task: mode === 'translation' ? 'translate' : 'transcribe',
    language: result.transcription_info?.language ?? 'english',
    duration: seconds ?? 0,
    text: result.text,
  };
  if (result.words) {
    answer.words = result.words.map((word) => ({
      word: word.word ?? '',
      start: word.start ?? 0,
      end: word.end ?? 0,
    }));
  }
  if (result.segments) {
    answer.segments = result.segments.map((segment, id) => ({
      id,
      start: segment.start ?? 0,
      end: segment.end ?? 0,
      text: segment.text ?? '',
    }));
  }
  return answer;
}

/** Workers AI's own WebVTT, or one cue spanning the audio when it sent none. */
function webVtt(result: WhisperResult, seconds: number | undefined): string {
  if (result.vtt) return result.vtt;
  return `WEBVTT\n\n${vttTime(0)} --> ${vttTime(seconds ?? 0)}\n${result.text}\n`;
}

function vttTime(seconds: number): string {
  const milliseconds = Math.round(seconds * 1000);
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor((milliseconds % 3_600_000) / 60_000);
  const rest = Math.floor((milliseconds % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(rest)}.${pad(milliseconds % 1000, 3)}`;
}

/**
 * WebVTT cues as SubRip: the header and notes dropped, cues numbered from 1, a comma before the
 * milliseconds, and `mm:ss.mmm` times given their hours.
 */
export function vttToSrt(vtt: string): string {
  const cues: string[] = [];
  for (const block of vtt.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n').filter((line) => line !== '');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const [start = '', end = ''] = lines[timing]!.split('-->').map((part) => part.trim());
    const times = `${srtTime(start)} --> ${srtTime(end.split(/\s+/)[0] ?? '')}`;
    cues.push(`${cues.length + 1}\n${times}\n${lines.slice(timing + 1).join('\n')}`);
  }
  return cues.length === 0 ? '' : `${cues.join('\n\n')}\n`;
}

function srtTime(vttTimestamp: string): string {
  const withHours = vttTimestamp.split(':').length === 2 ? `00:${vttTimestamp}` : vttTimestamp;
  return withHours.replace('.', ',');
}
