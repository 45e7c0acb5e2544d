import type { RelayMode } from '../providers/provider-adaptor.js';

/** Relay mode from the request path (reference §3.1 `Path2RelayMode`). */
export function relayModeForPath(path: string): RelayMode | undefined {
  const clean = path.split('?')[0];
  if (clean.endsWith('/chat/completions')) return 'chat';
  if (clean.endsWith('/completions')) return 'completions';
  if (clean.endsWith('embeddings')) return 'embeddings';
  if (clean.endsWith('/moderations')) return 'moderations';
  if (clean.endsWith('/images/generations')) return 'images';
  if (clean.endsWith('/audio/speech')) return 'speech';
  if (clean.endsWith('/audio/transcriptions')) return 'transcription';
  if (clean.endsWith('/audio/translations')) return 'translation';
  if (clean.endsWith('/rerank')) return 'rerank';
  return undefined;
}
