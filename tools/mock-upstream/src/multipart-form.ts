/** A multipart/form-data body reduced to what the mock needs: text fields and file sizes. */
export interface MultipartForm {
  /** Text fields by name (the last value wins). */
  fields: Record<string, string>;
  files: MultipartFile[];
}

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string | undefined;
  size: number;
}

/** The boundary of a `multipart/form-data; boundary=…` content type, if any. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (contentType === undefined || !contentType.toLowerCase().startsWith('multipart/form-data')) {
    return undefined;
  }
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

function headerParameter(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}="([^"]*)"`, 'i').exec(header);
  return match ? match[1] : undefined;
}

/** Parses a multipart body; a malformed body yields whatever parts could be read. */
export function parseMultipart(body: Buffer, boundary: string): MultipartForm {
  const form: MultipartForm = { fields: {}, files: [] };
  const delimiter = Buffer.from(`--${boundary}`);
  let position = body.indexOf(delimiter);
  while (position >= 0) {
    const partStart = position + delimiter.length;
    // "--" right after the delimiter closes the body.
    if (body[partStart] === 0x2d && body[partStart + 1] === 0x2d) break;
    const next = body.indexOf(delimiter, partStart);
    if (next < 0) break;
    const headerEnd = body.indexOf('\r\n\r\n', partStart);
    if (headerEnd < 0 || headerEnd > next) break;
    const headers = body.toString('utf8', partStart, headerEnd);
    // The content ends with the CRLF that precedes the next delimiter.
    const content = body.subarray(headerEnd + 4, Math.max(headerEnd + 4, next - 2));
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = headerParameter(disposition, 'name') ?? '';
    const filename = headerParameter(disposition, 'filename');
    if (filename === undefined) {
      form.fields[name] = content.toString('utf8');
    } else {
      const contentType = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim();
      form.files.push({ field: name, filename, contentType, size: content.length });
    }
    position = next;
  }
  return form;
}
