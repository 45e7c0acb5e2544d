/**
 * Reads one part of a `multipart/form-data` body by its field name, without copying the body: the
 * bytes between the part's blank line and the next boundary line. Returns undefined when the
 * content type names no boundary or no part has that name.
 *
 * Used for the uploaded file and the fields of a transcription call, which Workers AI takes as raw
 * bytes and JSON instead of a form.
 */
export function readMultipartPart(
  body: Buffer,
  contentType: string,
  name: string,
): Buffer | undefined {
  const boundaryMatch = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = boundaryMatch?.[1] ?? boundaryMatch?.[2];
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  const namePattern = new RegExp(`;\\s*name="${escapeRegExp(name)}"`, 'i');
  let position = body.indexOf(delimiter);
  while (position >= 0) {
    const afterDelimiter = position + delimiter.length;
    // `--boundary--` closes the body.
    if (body[afterDelimiter] === 0x2d && body[afterDelimiter + 1] === 0x2d) return undefined;
    const headersEnd = body.indexOf('\r\n\r\n', afterDelimiter);
    if (headersEnd < 0) return undefined;
    const contentEnd = body.indexOf(nextDelimiter, headersEnd + 4);
    if (contentEnd < 0) return undefined;
    const headers = body.subarray(afterDelimiter, headersEnd).toString('latin1');
    if (namePattern.test(headers)) return body.subarray(headersEnd + 4, contentEnd);
    position = contentEnd + 2;
  }
  return undefined;
}

/** A multipart text field, trimmed; undefined when absent or empty. */
export function readMultipartField(
  body: Buffer,
  contentType: string,
  name: string,
): string | undefined {
  const value = readMultipartPart(body, contentType, name)?.toString('utf8').trim();
  return value ? value : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
