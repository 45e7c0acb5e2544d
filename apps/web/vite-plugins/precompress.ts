import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text formats (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|map|svg|txt|webmanifest)$/i;
// Below this a compressed answer barely differs from the original once headers are counted.
const MIN_SIZE = 1024;
// A sibling that saves less than this share of the original is not worth a second file.
const MIN_SAVING = 0.1;

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const child = path.join(directory, entry.name);
    return entry.isDirectory() ? listFiles(child) : [child];
  });
}

function writeIfSmaller(file: string, original: Buffer, compressed: Buffer): number {
  if (compressed.length > original.length * (1 - MIN_SAVING)) return 0;
  writeFileSync(file, compressed);
  return compressed.length;
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text file
 * of the build, once, at build time: the server picks one by `Accept-Encoding` and never
 * compresses the console per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tollgate-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      let files = 0;
      let brotliBytes = 0;
      for (const file of listFiles(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_SIZE) continue;
        const original = readFileSync(file);
        const brotli = brotliCompressSync(original, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        });
        brotliBytes += writeIfSmaller(`${file}.br`, original, brotli);
        writeIfSmaller(`${file}.gz`, original, gzipSync(original, { level: 9 }));
        files += 1;
      }
      this.info(`precompressed ${files} files (${Math.round(brotliBytes / 1024)} KB as brotli)`);
    },
  };
}
