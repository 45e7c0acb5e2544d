import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { precompress } from './precompress';

type Hook = (this: { info: (message: string) => void }, ...args: unknown[]) => void;

describe('precompress', () => {
  it('writes brotli and gzip copies of the text files worth compressing, and only those', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'tollgate-precompress-'));
    const outDir = path.join(root, 'dist');
    mkdirSync(path.join(outDir, 'assets'), { recursive: true });
    const script = `export const text = ${JSON.stringify('tollgate '.repeat(500))};`;
    writeFileSync(path.join(outDir, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(outDir, 'assets', 'tiny-abc.js'), 'export {};');
    // Random bytes do not compress: no sibling that saves nothing.
    writeFileSync(path.join(outDir, 'assets', 'noise-abc.json'), randomBytes(4096));
    writeFileSync(path.join(outDir, 'logo.png'), Buffer.alloc(4096, 1));

    const plugin = precompress();
    const messages: string[] = [];
    const context = { info: (message: string) => messages.push(message) };
    (plugin.configResolved as Hook).call(context, {
      root,
      build: { outDir: 'dist' },
    } as unknown as ResolvedConfig);
    (plugin.writeBundle as Hook).call(context);

    const file = path.join(outDir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(existsSync(path.join(outDir, 'assets', 'tiny-abc.js.br'))).toBe(false);
    expect(existsSync(path.join(outDir, 'assets', 'noise-abc.json.br'))).toBe(false);
    expect(existsSync(path.join(outDir, 'assets', 'noise-abc.json.gz'))).toBe(false);
    expect(existsSync(path.join(outDir, 'logo.png.br'))).toBe(false);
    expect(messages.join()).toContain('precompressed');
  });
});
