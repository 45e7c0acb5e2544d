import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { readMultipartField, readMultipartPart } from './read-multipart-part.js';
import {
  audioSeconds,
  convertWhisperAnswer,
  toWhisperUpload,
  vttToSrt,
} from './whisper-transcription.js';

const json = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

const BOUNDARY = '----form7MA4YWxkTrZu0gW';
const AUDIO = Buffer.from([0xff, 0xfb, 0x90, 0x64, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0x01]);

/** A multipart upload as the openai client builds it: fields, then the file. */
function multipart(fields: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="file.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    ),
    AUDIO,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(parts);
}

function transcriptionCall(model: string, fields: Record<string, string> = {}) {
  return makeCallInput({
    mode: 'transcription',
    path: '/v1/audio/transcriptions',
    upstreamModel: model,
    body: undefined,
    rawBody: multipart({ model, ...fields }),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    channel: makeChannel({ type: 39, other: 'acc' }),
  });
}

describe('multipart parts', () => {
  it('reads a field and the file bytes, even when the file holds CRLF and dashes', () => {
    const body = multipart({ model: 'm', response_format: 'srt' });
    const type = `multipart/form-data; boundary="${BOUNDARY}"`;
    expect(readMultipartPart(body, type, 'file')).toEqual(AUDIO);
    expect(readMultipartField(body, type, 'response_format')).toBe('srt');
    expect(readMultipartField(body, type, 'language')).toBeUndefined();
    expect(readMultipartPart(body, 'multipart/form-data', 'file')).toBeUndefined();
  });
});

describe('Whisper uploads', () => {
  it('sends the raw file to whisper and whisper-tiny-en', () => {
    for (const model of ['@cf/openai/whisper', '@cf/openai/whisper-tiny-en']) {
      expect(toWhisperUpload(transcriptionCall(model, { language: 'en' }))).toEqual({
        contentType: 'application/octet-stream',
        body: AUDIO,
      });
    }
  });

  it('sends whisper-large-v3-turbo base64 JSON with the language and prompt', () => {
    const upload = toWhisperUpload(
      transcriptionCall('@cf/openai/whisper-large-v3-turbo', { language: 'fr', prompt: 'Bonjour' }),
    );
    expect(upload.contentType).toBe('application/json');
    expect(JSON.parse(String(upload.body))).toEqual({
      audio: AUDIO.toString('base64'),
      task: 'transcribe',
      language: 'fr',
      initial_prompt: 'Bonjour',
    });
  });

  it('translates only with whisper-large-v3-turbo (task "translate")', () => {
    const turbo = toWhisperUpload({
      ...transcriptionCall('@cf/openai/whisper-large-v3-turbo'),
      mode: 'translation',
    });
    expect(JSON.parse(String(turbo.body))).toMatchObject({ task: 'translate' });
    expect(() =>
      toWhisperUpload({ ...transcriptionCall('@cf/openai/whisper'), mode: 'translation' }),
    ).toThrow(/only with @cf\/openai\/whisper-large-v3-turbo/);
  });

  it('refuses a model that is not Whisper, locally', () => {
    expect(() => toWhisperUpload(transcriptionCall('@cf/deepgram/nova-3'))).toThrow(RelayError);
  });
});

describe('Whisper answers', () => {
  it('answers json with OpenAI duration usage, billed round(ceil(s) / 60 × 1000)', () => {
    const answer = convertWhisperAnswer(
      json('whisper.json'),
      transcriptionCall('@cf/openai/whisper'),
    );
    expect(JSON.parse(String(answer.body))).toEqual({
      text: 'Hello there, how are you?',
      usage: { type: 'duration', seconds: 3 },
    });
    expect(answer.contentType).toBe('application/json');
    expect(answer.usage?.promptTokens).toBe(Math.round((3 / 60) * 1000));
  });

  it('takes the turbo model its own duration', () => {
    const answer = convertWhisperAnswer(
      json('whisper-large-v3-turbo.json'),
      transcriptionCall('@cf/openai/whisper-large-v3-turbo', { response_format: 'verbose_json' }),
    );
    expect(answer.usage?.promptTokens).toBe(Math.round((62 / 60) * 1000));
    expect(JSON.parse(String(answer.body))).toMatchObject({
      task: 'transcribe',
      language: 'en',
      duration: 61.3,
      segments: [{ id: 0, start: 0, end: 2.2, text: 'Hello there, how are you?' }],
    });
  });

  it('answers text, vtt and srt as plain text', () => {
    const convert = (format: string) =>
      convertWhisperAnswer(
        json('whisper.json'),
        transcriptionCall('@cf/openai/whisper', { response_format: format }),
      );
    expect(convert('text').body).toBe('Hello there, how are you?\n');
    expect(convert('text').contentType).toMatch(/^text\/plain/);
    expect(String(convert('vtt').body)).toMatch(/^WEBVTT\n\n00:00.000 --> 00:00.480\nHello/);
    expect(convert('srt').body).toBe(
      '1\n00:00:00,000 --> 00:00:00,480\nHello\n\n2\n00:00:00,480 --> 00:00:00,900\nthere,\n\n3\n00:00:01,200 --> 00:00:02,200\nhow are you?\n',
    );
    expect(convert('verbose_json').usage?.promptTokens).toBe(50);
  });

  it('finds the audio length from the words or segments when no duration is given', () => {
    expect(audioSeconds({ text: '', words: [{ end: 1.5 }, { end: 2.25 }] })).toBe(2.25);
    expect(audioSeconds({ text: '', segments: [{ end: 4 }] })).toBe(4);
    expect(audioSeconds({ text: '' })).toBeUndefined();
  });

  it('converts hour-less WebVTT cues to SubRip', () => {
    expect(vttToSrt('WEBVTT\n\nNOTE hi\n\n01:02.500 --> 01:03.000 align:start\nx\n')).toBe(
      '1\n00:01:02,500 --> 00:01:03,000\nx\n',
    );
  });
});
