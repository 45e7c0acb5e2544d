import { fieldValue } from './form-fields.js';
import { readString, type JsonRecord } from './json-shape.js';
import { sendProviderError } from './provider-errors.js';
import { replyText } from './reply-content.js';
import { sendBytes, sendJson, sendText, type RouteContext } from './route-context.js';

const SPEECH_CONTENT_TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  opus: 'audio/opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/** Size of every speech answer. */
export const SPEECH_BYTES = 4096;

/** An ID3 header followed by MPEG frame headers: looks like audio, always the same bytes. */
const SPEECH_AUDIO = (() => {
  const audio = Buffer.alloc(SPEECH_BYTES);
  audio.write('ID3', 0, 'latin1');
  audio[3] = 4;
  for (let offset = 10; offset + 4 <= SPEECH_BYTES; offset += 418) {
    audio[offset] = 0xff;
    audio[offset + 1] = 0xfb;
    audio[offset + 2] = 0x90;
    audio[offset + 3] = 0x64;
  }
  return audio;
})();

/** `POST /v1/audio/speech`: SPEECH_BYTES of audio, typed after `response_format` (mp3 by default). */
export function handleSpeech(context: RouteContext): void {
  const input = readString(context.body, 'input');
  if (input === undefined || input === '') {
    sendProviderError(context, 400, "'input' is a required property.", { param: 'input' });
    return;
  }
  const format = readString(context.body, 'response_format') ?? 'mp3';
  sendBytes(context, 200, SPEECH_CONTENT_TYPES[format] ?? 'audio/mpeg', SPEECH_AUDIO);
}

/** Audio length the mock pretends to hear: one second per 16 000 bytes, at least one. */
export function audioSeconds(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / 16_000));
}

function timestamp(seconds: number, separator: ',' | '.'): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(rest)}${separator}000`;
}

/**
 * `POST /v1/audio/transcriptions` and `/v1/audio/translations` (multipart with a `file`): the
 * deterministic reply text as `json` (default, `{text, usage}`), `text`, `verbose_json`, `srt` or
 * `vtt`; usage is `{type:"duration", seconds}`.
 */
export function handleTranscription(context: RouteContext, task: 'transcribe' | 'translate'): void {
  const file = context.form?.files.find((entry) => entry.field === 'file');
  if (file === undefined) {
    sendProviderError(context, 400, "'file' is a required property (multipart/form-data).", {
      param: 'file',
    });
    return;
  }
  const text = replyText(context.controls.chunks);
  const seconds = audioSeconds(file.size);
  const format = fieldValue(context, 'response_format') ?? 'json';
  const usage = context.controls.omitUsage ? undefined : { type: 'duration', seconds };
  switch (format) {
    case 'text':
      sendText(context, 200, `${text}\n`);
      return;
    case 'srt':
      sendText(context, 200, `1\n${timestamp(0, ',')} --> ${timestamp(seconds, ',')}\n${text}\n\n`);
      return;
    case 'vtt':
      sendText(
        context,
        200,
        `WEBVTT\n\n${timestamp(0, '.')} --> ${timestamp(seconds, '.')}\n${text}\n\n`,
      );
      return;
    case 'verbose_json': {
      const response: JsonRecord = {
        task,
        language: task === 'translate' ? 'english' : (fieldValue(context, 'language') ?? 'english'),
        duration: seconds,
        text,
        segments: [
          {
            id: 0,
            seek: 0,
            start: 0,
            end: seconds,
            text,
            tokens: [],
            temperature: 0,
            avg_logprob: -0.2,
            compression_ratio: 1,
            no_speech_prob: 0,
          },
        ],
      };
      if (usage) response.usage = usage;
      sendJson(context, 200, response);
      return;
    }
    default: {
      const response: JsonRecord = { text };
      if (usage) response.usage = usage;
      sendJson(context, 200, response);
    }
  }
}
