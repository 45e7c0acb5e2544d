/**
 * Anthropic `stop_reason` → OpenAI `finish_reason`. `max_tokens` maps to OpenAI's `length`
 * (the reference passes `max_tokens` through, which OpenAI clients do not recognise).
 */
export function mapAnthropicFinishReason(stopReason: string | undefined): string | null {
  switch (stopReason) {
    case undefined:
    case '':
      return null;
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return 'stop';
  }
}
