/*
 * Shapes of the Anthropic Messages API as Tollgate writes them (requests). Answers and stream
 * events are untrusted and read with the guarded readers of `../json-guards.ts`:
 *   message        { id, model, content: [{ type: text|thinking|tool_use|…, … }], stop_reason, usage }
 *   usage          { input_tokens, output_tokens, cache_read_input_tokens,
 *                    cache_creation_input_tokens, output_tokens_details?: { thinking_tokens } }
 *   stream events  message_start { message } · content_block_start { index, content_block }
 *                  content_block_delta { index, delta: text_delta|thinking_delta|input_json_delta|
 *                  signature_delta|citations_delta } · content_block_stop · message_delta
 *                  { delta: { stop_reason }, usage } · message_stop · ping · error { error }
 */

/** Where an image or document comes from. */
export type AnthropicSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string };

export interface AnthropicTextBlock {
  type: 'text';
  text: string;
  cache_control?: unknown;
}

export interface AnthropicImageBlock {
  type: 'image';
  source: AnthropicSource;
  cache_control?: unknown;
}

export interface AnthropicDocumentBlock {
  type: 'document';
  source: AnthropicSource;
  cache_control?: unknown;
}

export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string | (AnthropicTextBlock | AnthropicImageBlock)[];
}

export type AnthropicContentBlock =
  | AnthropicTextBlock
  | AnthropicImageBlock
  | AnthropicDocumentBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock;

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicContentBlock[];
}

export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

export type AnthropicToolChoice =
  | { type: 'auto' | 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' };

/** The Messages API request body Tollgate sends. */
export interface AnthropicRequest {
  model: string;
  messages: AnthropicMessage[];
  system?: string | AnthropicTextBlock[];
  max_tokens: number;
  stream?: boolean;
  stop_sequences?: string[];
  temperature?: number;
  top_p?: number;
  top_k?: number;
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  thinking?: Record<string, unknown>;
  metadata?: { user_id: string };
}
