import type { IncomingMessage } from 'node:http';
import { multipartBoundary, parseMultipart, type MultipartForm } from './multipart-form.js';

/** A request body as the mock understood it. */
export interface ParsedBody {
  /**
   * Parsed JSON for JSON bodies; the raw text when JSON parsing failed or the body is not JSON; the
   * byte length for multipart bodies; undefined when there is no body.
   */
  body: unknown;
  /** The fields and files of a multipart body. */
  form: MultipartForm | undefined;
  /** True when the body claimed or looked like JSON but did not parse. */
  invalidJson: boolean;
}

/** Collects the whole request body. */
export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function looksLikeJson(contentType: string | undefined, raw: Buffer): boolean {
  if (contentType !== undefined && contentType.toLowerCase().includes('json')) return true;
  const first = raw[0];
  return first === 0x7b || first === 0x5b; // "{" or "["
}

/** Parses a body according to its content type (JSON, multipart, or plain text). */
export function parseBody(raw: Buffer, contentType: string | undefined): ParsedBody {
  if (raw.length === 0) return { body: undefined, form: undefined, invalidJson: false };
  const boundary = multipartBoundary(contentType);
  if (boundary !== undefined) {
    return { body: raw.length, form: parseMultipart(raw, boundary), invalidJson: false };
  }
  const text = raw.toString('utf8');
  if (looksLikeJson(contentType, raw)) {
    try {
      return { body: JSON.parse(text) as unknown, form: undefined, invalidJson: false };
    } catch {
      return { body: text, form: undefined, invalidJson: true };
    }
  }
  return { body: text, form: undefined, invalidJson: false };
}
