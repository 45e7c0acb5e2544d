/** A delta's text fields, typed (ChunkDelta) or as upstream sent them (a pass-through chunk). */
interface TextDelta {
  content?: unknown;
  reasoning_content?: unknown;
  reasoning?: unknown;
}

const OPEN_TAG = '<think>\n';
const CLOSE_TAG = '\n</think>\n';

/**
 * Channel setting `thinking_to_content`: moves reasoning deltas (`reasoning_content` or
 * `reasoning`) into `content`, opening with `<think>\n` on the first reasoning delta and closing
 * with `\n</think>\n` when normal content starts (or the choice finishes while still thinking),
 * for clients that only display `content`. One instance per stream.
 */
export class ThinkingToContent {
  private thinking = false;

  /**
   * Rewrites one chunk choice's delta in place. Returns true when the delta changed.
   * `finishing` is true when the choice carries a finish_reason.
   */
  apply(delta: TextDelta, finishing: boolean): boolean {
    const reasoning = nonEmptyString(delta.reasoning_content) ?? nonEmptyString(delta.reasoning);
    const hadReasoningKeys = 'reasoning_content' in delta || 'reasoning' in delta;
    const content = nonEmptyString(delta.content);
    let changed = false;
    let text = '';

    if (reasoning !== undefined) {
      text = this.thinking ? reasoning : OPEN_TAG + reasoning;
      this.thinking = true;
      changed = true;
    }
    if (hadReasoningKeys) {
      delete delta.reasoning_content;
      delete delta.reasoning;
      changed = true;
    }
    if (content !== undefined) {
      if (this.thinking) {
        text += CLOSE_TAG;
        this.thinking = false;
        changed = true;
      }
      text += content;
    } else if (finishing && this.thinking) {
      text += CLOSE_TAG;
      this.thinking = false;
      changed = true;
    }
    if (changed) delta.content = text;
    return changed;
  }
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
