/**
 * The internal stream's chunk: an OpenAI `chat.completion.chunk`, typed. Converting stream readers
 * build them (ChatChunkFrames); an OpenAI-style upstream's chunks are checked once where they are
 * read (`readChatChunk`, in place, no copy); inbound formats' stream writers read them by type.
 */
import type { JsonObject } from '../json-guards.js';
import { hasTextAndToolCalls, hasValidChoices, isOptionalText } from './choice-checks.js';

/** One tool call's part in a delta: its header (id, name) first, then argument pieces. */
export interface ChunkToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

export interface ChunkDelta {
  role?: 'assistant';
  content?: string | null;
  /** Reasoning text (DeepSeek's name; `reasoning` is OpenRouter's and vLLM's). */
  reasoning_content?: string | null;
  reasoning?: string | null;
  refusal?: string | null;
  tool_calls?: ChunkToolCallDelta[];
}

export interface ChunkChoice {
  index: number;
  delta: ChunkDelta;
  logprobs?: JsonObject | null;
  finish_reason: string | null;
}

export interface ChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  system_fingerprint?: string | null;
  choices: ChunkChoice[];
  /** Upstream's usage (OpenAI names; the relay reads it separately into Usage). */
  usage?: JsonObject | null;
}

/** A legacy completions chunk (`/v1/completions` streams): text per choice, no delta. */
export interface CompletionChunk {
  id: string;
  object: 'text_completion';
  created: number;
  model: string;
  choices: { index: number; text: string; logprobs: null; finish_reason: string | null }[];
}

function isChunkDelta(delta: JsonObject): boolean {
  return isOptionalText(delta.content) && hasTextAndToolCalls(delta);
}

/**
 * An upstream's parsed chunk as a ChatChunk, checked in place: `choices` an array of objects whose
 * `delta` (when present) has text fields and tool calls of the right types. Undefined for anything
 * else, which a reader skips like an unreadable event. A choice without `delta` gets an empty one
 * (some vendors leave it out of the finishing chunk).
 */
export function readChatChunk(value: JsonObject): ChatChunk | undefined {
  if (!hasValidChoices(value, 'delta', isChunkDelta)) return undefined;
  return value as unknown as ChatChunk;
}
