import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { precompressedEncodings, type PrecompressedEncoding } from './accept-encoding.js';

/** One way of sending a file: its bytes as they go on the wire and their entity tag. */
export interface LoadedVariant {
  body: Buffer;
  etag: string;
}

/** A file on disk, read on first use and then kept (only what browsers actually ask for). */
export type FileVariant = () => Promise<LoadedVariant>;

/** A file of the built console, with the precompressed siblings the build wrote next to it. */
export interface StaticFile {
  /** The URL path it answers, e.g. `/assets/index-3f2a.js`. */
  urlPath: string;
  contentType: string;
  cacheControl: string;
  identity: FileVariant;
  encoded: Partial<Record<PrecompressedEncoding, FileVariant>>;
  /** The encodings present in `encoded`, brotli first. */
  encodings: PrecompressedEncoding[];
}

const extensionOfEncoding: Record<PrecompressedEncoding, string> = { br: '.br', gzip: '.gz' };

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** Vite writes content-hashed names under `assets/`: a new build never reuses one. */
const HASHED_ASSETS = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything else (index.html, the logo, the icon) keeps its name across releases: revalidate.
const REVALIDATE = 'no-cache';

function variantOf(file: string, suffix: string): FileVariant {
  let loaded: Promise<LoadedVariant> | undefined;
  return () => {
    loaded ??= readFile(file).then((body) => {
      const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
      return { body, etag: `"${digest}${suffix}"` };
    });
    // A failed read (the file replaced under a running server) is retried next time.
    loaded.catch(() => (loaded = undefined));
    return loaded;
  };
}

function listFiles(directory: string, relative = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(directory, relative), { withFileTypes: true })) {
    // Dotfiles are never part of the console (and may be secrets dropped there by mistake).
    if (entry.name.startsWith('.')) continue;
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) files.push(...listFiles(directory, child));
    else if (entry.isFile()) files.push(child);
  }
  return files;
}

/**
 * Lists the built console once at start-up: each file with its `.br` and `.gz` siblings (written
 * by the console's build, never compressed per request), each read into memory on its first
 * request. Requests are answered from this table only, so no URL can name a file outside it. The
 * siblings themselves are not addressable; a sibling whose original is gone is ignored.
 */
export function loadStaticFiles(webRoot: string): Map<string, StaticFile> {
  const names = listFiles(webRoot);
  const present = new Set(names);
  const files = new Map<string, StaticFile>();
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) {
      const original = name.slice(0, -3);
      if (present.has(original)) continue;
    }
    const urlPath = `/${name}`;
    const encoded: StaticFile['encoded'] = {};
    const encodings: PrecompressedEncoding[] = [];
    for (const encoding of precompressedEncodings) {
      const sibling = name + extensionOfEncoding[encoding];
      if (!present.has(sibling)) continue;
      encoded[encoding] = variantOf(path.join(webRoot, sibling), `-${encoding}`);
      encodings.push(encoding);
    }
    files.set(urlPath, {
      urlPath,
      contentType: contentTypes[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: urlPath.startsWith(HASHED_ASSETS) ? IMMUTABLE : REVALIDATE,
      identity: variantOf(path.join(webRoot, name), ''),
      encoded,
      encodings,
    });
  }
  return files;
}
