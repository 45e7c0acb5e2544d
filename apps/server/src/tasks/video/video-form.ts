import type { VideoFile } from './video-provider.js';

/** A form's text fields and files, as read from a client's `multipart/form-data` body. */
export interface ReadForm {
  fields: Record<string, string>;
  files: VideoFile[];
}

/**
 * Reads a `multipart/form-data` body with the platform's own parser (the fetch API's
 * `Response.formData`); throws on a malformed body.
 */
export async function readForm(body: Buffer, contentType: string): Promise<ReadForm> {
  const form = await new Response(new Uint8Array(body), {
    headers: { 'content-type': contentType },
  }).formData();
  const read: ReadForm = { fields: {}, files: [] };
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      read.fields[name] = value;
      continue;
    }
    read.files.push({
      field: name,
      filename: value.name || 'file',
      contentType: value.type || 'application/octet-stream',
      bytes: Buffer.from(await value.arrayBuffer()),
    });
  }
  return read;
}

/**
 * Encodes fields and files as a `multipart/form-data` body (the fetch API's encoder, with its own
 * boundary); non-string fields are sent as their JSON text.
 */
export async function encodeForm(
  fields: Record<string, unknown>,
  files: readonly VideoFile[],
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const file of files) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.bytes)], { type: file.contentType }),
      file.filename,
    );
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}
