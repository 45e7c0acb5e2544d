import { RelayError } from '../../errors/relay-error.js';
import { isJsonObject, type JsonObject } from '../json-guards.js';
import {
  imagePartUrl,
  isKnownPart,
  type FilePart,
  type KnownContentPart,
  type MessageContent,
  type TextPart,
  type VendorContentPart,
} from '../hub/internal-call.js';
import type {
  AnthropicContentBlock,
  AnthropicDocumentBlock,
  AnthropicImageBlock,
  AnthropicSource,
  AnthropicTextBlock,
} from './anthropic-api-types.js';

/**
 * OpenAI message content (a string or content parts) as Anthropic content blocks:
 * - text parts → text blocks (empty ones dropped: Anthropic rejects empty text);
 * - `image_url` with a data URL → base64 image; with an http(s) URL → `{source:{type:"url"}}`,
 *   which Anthropic fetches itself (no download here);
 * - `file` with a base64 data URL → a document block (PDF and plain text);
 * - `image`/`document` parts already in Anthropic form pass through;
 * - `cache_control` on a part is kept. Anything else (audio, file ids) is a local 400.
 */
export function convertContent(content: MessageContent | undefined): AnthropicContentBlock[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (content === null || content === undefined) return [];
  const blocks: AnthropicContentBlock[] = [];
  for (const part of content) {
    const block = isKnownPart(part) ? convertPart(part) : convertVendorPart(part);
    if (block) blocks.push(block);
  }
  return blocks;
}

/** Only the text of message content (system prompts), as text blocks. */
export function convertTextContent(content: MessageContent | undefined): AnthropicTextBlock[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (!content) return [];
  const blocks: AnthropicTextBlock[] = [];
  for (const part of content) {
    if (part.type === 'text' && typeof part.text === 'string' && part.text) {
      blocks.push(withCacheControl({ type: 'text', text: part.text }, part as TextPart));
    }
  }
  return blocks;
}

function convertPart(part: KnownContentPart): AnthropicContentBlock | undefined {
  switch (part.type) {
    case 'text':
      return part.text ? withCacheControl({ type: 'text', text: part.text }, part) : undefined;
    case 'image_url': {
      const url = imagePartUrl(part);
      if (!url) throw RelayError.badRequest('image_url content part has no url');
      const block: AnthropicImageBlock = { type: 'image', source: sourceFromUrl(url) };
      return withCacheControl(block, part);
    }
    case 'file':
      return convertFilePart(part);
    case 'input_audio':
      throw RelayError.badRequest('audio input is not supported by this channel type');
    case 'refusal':
      return part.refusal ? { type: 'text', text: part.refusal } : undefined;
  }
}

/** Claude's own `image` / `document` blocks a client sent in its parts pass through. */
function convertVendorPart(part: VendorContentPart): AnthropicContentBlock {
  if (part.type === 'image' || part.type === 'document') {
    if (isJsonObject(part.source)) return part as unknown as AnthropicContentBlock;
    throw RelayError.badRequest(`${part.type} content part has no source`);
  }
  throw RelayError.badRequest(
    `content part type ${JSON.stringify(part.type)} is not supported by this channel type`,
  );
}

function convertFilePart(part: FilePart): AnthropicDocumentBlock {
  const fileData = part.file.file_data;
  if (!fileData)
    throw RelayError.badRequest('file content parts need file_data (file ids are not supported)');
  const source = parseDataUrl(fileData);
  if (!source) throw RelayError.badRequest('file_data must be a base64 data URL');
  return withCacheControl({ type: 'document', source }, part);
}

/** A base64 source for a `data:` URL, a URL source for http(s); a local 400 otherwise. */
function sourceFromUrl(url: string): AnthropicSource {
  if (url.startsWith('data:')) {
    const source = parseDataUrl(url);
    if (!source) throw RelayError.badRequest('image data URL must be base64 encoded');
    return source;
  }
  if (url.startsWith('https://') || url.startsWith('http://')) return { type: 'url', url };
  throw RelayError.badRequest('image url must be an http(s) URL or a base64 data URL');
}

/** `data:<media type>[;param];base64,<data>` → base64 source; undefined when not base64. */
export function parseDataUrl(url: string): AnthropicSource | undefined {
  const comma = url.indexOf(',');
  if (!url.startsWith('data:') || comma === -1) return undefined;
  const header = url.slice(5, comma);
  if (!header.endsWith(';base64')) return undefined;
  const mediaType = header.slice(0, header.indexOf(';'));
  if (!mediaType) return undefined;
  return { type: 'base64', media_type: mediaType, data: url.slice(comma + 1) };
}

function withCacheControl<
  Block extends AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock,
>(block: Block, part: { cache_control?: JsonObject }): Block {
  if (part.cache_control !== undefined) block.cache_control = part.cache_control;
  return block;
}
