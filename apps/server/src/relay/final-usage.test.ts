import { CHANNEL_TYPE } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { localPromptTokens, measuresImageTokens, type UsageCallFacts } from './final-usage.js';

/** A 1024×2048 PNG's header as a data: URL (6 tiles when measured, 255 estimated for gpt-4o). */
function tallPng(): string {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(1024, 16);
  bytes.writeUInt32BE(2048, 20);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

function chatCall(
  env: Record<string, string>,
  isStream: boolean,
  channelType: number,
): UsageCallFacts {
  const body = {
    model: 'gpt-4o',
    messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: tallPng() } }] }],
  };
  return {
    mode: 'chat',
    model: 'gpt-4o',
    facts: { parsed: { json: body } } as unknown as UsageCallFacts['facts'],
    firstResponseAt: 1,
    localPromptTokens: undefined,
    isStream,
    lastChannel: { type: channelType },
    services: { config: loadConfig(env) },
  };
}

describe('image tokens of a locally counted prompt (GET_MEDIA_TOKEN, GET_MEDIA_TOKEN_NOT_STREAM)', () => {
  const on = { enabled: true, notStream: true };

  it('measures unless switched off, off for non-streams alone, or on Gemini, Vertex AI and Anthropic', () => {
    expect(measuresImageTokens(on, false, CHANNEL_TYPE.openAi)).toBe(true);
    expect(
      measuresImageTokens({ enabled: false, notStream: true }, true, CHANNEL_TYPE.openAi),
    ).toBe(false);
    const streamsOnly = { enabled: true, notStream: false };
    expect(measuresImageTokens(streamsOnly, true, CHANNEL_TYPE.openAi)).toBe(true);
    expect(measuresImageTokens(streamsOnly, false, CHANNEL_TYPE.openAi)).toBe(false);
    for (const type of [CHANNEL_TYPE.gemini, CHANNEL_TYPE.vertexAi, CHANNEL_TYPE.anthropic]) {
      expect(measuresImageTokens(on, true, type)).toBe(false);
    }
  });

  it('changes the prompt tokens a call is billed for when upstream reports none', () => {
    const measured = localPromptTokens(chatCall({}, false, CHANNEL_TYPE.openAi));
    const estimated = localPromptTokens(
      chatCall({ GET_MEDIA_TOKEN: 'false' }, false, CHANNEL_TYPE.openAi),
    );
    expect(measured - estimated).toBe(6 * 170 + 85 - 255);
    expect(localPromptTokens(chatCall({ GET_MEDIA_TOKEN_NOT_STREAM: 'false' }, false, 1))).toBe(
      estimated,
    );
    expect(localPromptTokens(chatCall({ GET_MEDIA_TOKEN_NOT_STREAM: 'false' }, true, 1))).toBe(
      measured,
    );
    expect(localPromptTokens(chatCall({}, false, CHANNEL_TYPE.anthropic))).toBe(estimated);
  });
});
