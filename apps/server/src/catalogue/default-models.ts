import { CHANNEL_TYPE } from '@tollgate/contracts';

/**
 * Each channel type's built-in model list (`GET /api/models`), used by the console to pre-fill a
 * new channel's models. Provider adaptors added later extend this table.
 */
export const DEFAULT_MODELS_BY_CHANNEL_TYPE: Readonly<Record<number, readonly string[]>> =
  Object.freeze({
    [CHANNEL_TYPE.openAi]: [
      'gpt-4o',
      'gpt-4o-mini',
      'gpt-4.1',
      'gpt-4.1-mini',
      'gpt-4.1-nano',
      'o1',
      'o3',
      'o3-mini',
      'o4-mini',
      'gpt-3.5-turbo',
      'text-embedding-3-small',
      'text-embedding-3-large',
      'text-embedding-ada-002',
      'dall-e-3',
      'gpt-image-1',
      'tts-1',
      'tts-1-hd',
      'whisper-1',
      'omni-moderation-latest',
    ],
    [CHANNEL_TYPE.anthropic]: [
      'claude-opus-4-1-20250805',
      'claude-opus-4-20250514',
      'claude-sonnet-4-5-20250929',
      'claude-sonnet-4-20250514',
      'claude-3-7-sonnet-20250219',
      'claude-3-5-haiku-20241022',
      'claude-haiku-4-5-20251001',
    ],
    [CHANNEL_TYPE.gemini]: [
      'gemini-2.5-pro',
      'gemini-2.5-flash',
      'gemini-2.5-flash-lite',
      'gemini-2.0-flash',
      'text-embedding-004',
      'gemini-embedding-001',
    ],
    [CHANNEL_TYPE.vertexAi]: [
      'gemini-2.5-pro',
      'gemini-2.5-flash',
      'gemini-2.5-flash-lite',
      'gemini-2.0-flash',
      'claude-opus-4-1-20250805',
      'claude-sonnet-4-20250514',
      'claude-3-7-sonnet-20250219',
      'claude-3-5-haiku-20241022',
    ],
    [CHANNEL_TYPE.moonshot]: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k'],
    [CHANNEL_TYPE.mistral]: [
      'mistral-large-latest',
      'mistral-small-latest',
      'codestral-latest',
      'mistral-embed',
    ],
    [CHANNEL_TYPE.deepSeek]: ['deepseek-chat', 'deepseek-reasoner'],
    [CHANNEL_TYPE.xAi]: ['grok-4', 'grok-3', 'grok-3-mini'],
  });
