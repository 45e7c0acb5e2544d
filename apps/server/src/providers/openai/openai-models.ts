/**
 * OpenAI's models: the list of OpenAI itself and of every type that fronts OpenAI (Azure, whose
 * deployments are named after them, the OpenAI resellers and Custom), as new-api's OpenAI adaptor
 * lists them for all of these.
 */
export const OPENAI_MODELS: readonly string[] = [
  'gpt-4o-mini',
  'gpt-4o',
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
  'sora-2',
  'sora-2-pro',
];
