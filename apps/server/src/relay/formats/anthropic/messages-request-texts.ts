import { addField, addJsonTexts } from '../request-texts.js';

/** Blocks nest at most twice in Claude's API (a tool result's or a document's content). */
const MAX_BLOCK_DEPTH = 3;

/**
 * The texts of Claude content (a string or blocks): text blocks, tool calls (name and input),
 * tool results and documents (their content, title and context; a plain-text document's data),
 * search results. Image and PDF sources, thinking blocks (signed by Anthropic, not the client's
 * to write) are skipped.
 */
function addBlockTexts(content: unknown, out: string[], depth = 0): void {
  if (typeof content === 'string') {
    out.push(content);
    return;
  }
  if (!Array.isArray(content) || depth >= MAX_BLOCK_DEPTH) return;
  for (const block of content) {
    if (typeof block !== 'object' || block === null) continue;
    const fields = block as Record<string, unknown>;
    switch (fields.type) {
      case 'tool_use':
      case 'server_tool_use':
        addField(fields, 'name', out);
        addJsonTexts(fields.input, out);
        break;
      case 'thinking':
      case 'redacted_thinking':
        break;
      default: {
        addField(fields, 'text', out);
        addField(fields, 'title', out);
        addField(fields, 'context', out);
        addBlockTexts(fields.content, out, depth + 1);
        const source = fields.source as Record<string, unknown> | null | undefined;
        if (source?.type === 'text') addField(source, 'data', out);
        else if (source?.type === 'content') addBlockTexts(source.content, out, depth + 1);
      }
    }
  }
}

/**
 * Every text of a Claude Messages request that reaches upstream: the system prompt (a string or
 * text blocks), each message's content (see `addBlockTexts`) and the tools' definitions (name,
 * description, input schema).
 */
export function messagesRequestTexts(body: Record<string, unknown> | undefined): string[] {
  const out: string[] = [];
  if (!body) return out;
  addBlockTexts(body.system, out);
  if (Array.isArray(body.messages)) {
    for (const message of body.messages) {
      addBlockTexts((message as { content?: unknown } | null)?.content, out);
    }
  }
  addJsonTexts(body.tools, out);
  return out;
}
