import { RelayError } from '../../errors/relay-error.js';
import { isJsonObject, readString, type JsonObject } from '../json-guards.js';
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
export function convertContent(content: unknown): AnthropicContentBlock[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (content === null || content === undefined) return [];
  if (!Array.isArray(content))
    throw RelayError.badRequest('message content must be a string or an array');
  const blocks: AnthropicContentBlock[] = [];
  for (const part of content) {
    const block = isJsonObject(part) ? convertPart(part) : undefined;
    if (block) blocks.push(block);
  }
  return blocks;
}

/** Only the text of message content (system prompts), as text blocks. */
export function convertTextContent(content: unknown): AnthropicTextBlock[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (!Array.isArray(content)) return [];
  const blocks: AnthropicTextBlock[] = [];
  for (const part of content) {
    if (isJsonObject(part) && typeof part.text === 'string' && part.text) {
      blocks.push(withCacheControl({ type: 'text', text: part.text }, part));
    }
  }
  return blocks;
}

function convertPart(part: JsonObject): AnthropicContentBlock | undefined {
  switch (part.type) {
    case 'text': {
      const text = readString(part, 'text') ?? '';
      return text ? withCacheControl({ type: 'text', text }, part) : undefined;
    }
    case 'image_url': {
      const imageUrl = part.image_url;
      const url =
        typeof imageUrl === 'string'
          ? imageUrl
          : isJsonObject(imageUrl)
            ? readString(imageUrl, 'url')
            : '';
      if (!url) throw RelayError.badRequest('image_url content part has no url');
      const block: AnthropicImageBlock = { type: 'image', source: sourceFromUrl(url) };
      return withCacheControl(block, part);
    }
    case 'file':
      return convertFilePart(part);
    case 'image':
    case 'document':
      if (isJsonObject(part.source)) return part as unknown as AnthropicContentBlock;
      throw RelayError.badRequest(`${part.type} content part has no source`);
    case 'input_audio':
      throw RelayError.badRequest('audio input is not supported by this channel type');
    default:
      throw RelayError.badRequest(
        `content part type ${JSON.stringify(part.type)} is not supported by this channel type`,
      );
  }
}

function convertFilePart(part: JsonObject): AnthropicDocumentBlock {
  const file = isJsonObject(part.file) ? part.file : {};
  const fileData = readString(file, 'file_data');
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
>(block: Block, part: JsonObject): Block {
  if (part.cache_control !== undefined) block.cache_control = part.cache_control;
  return block;
}
