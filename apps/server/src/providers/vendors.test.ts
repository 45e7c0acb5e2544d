import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHANNEL_TYPE, CHANNEL_TYPE_TABLE } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { VENDORS, openAiProfileOf, vendorOf } from './vendors.js';

const SERVER_SOURCE = fileURLToPath(new URL('..', import.meta.url));

/** The server's production sources (tests and fixtures left out). */
function productionSources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === '__fixtures__' ? [] : productionSources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('vendors', () => {
  it('describe rows of the channel-type table, each at most once', () => {
    const ids = VENDORS.map((vendor) => CHANNEL_TYPE[vendor.type]);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const vendor of VENDORS) expect(vendorOf(CHANNEL_TYPE[vendor.type])).toBe(vendor);
  });

  it('give every OpenAI-family vendor a profile, and only types that speak OpenAI have one', () => {
    for (const type of CHANNEL_TYPE_TABLE) {
      const vendor = vendorOf(type.id);
      if (type.family === 'openai' && vendor) expect(vendor.openAiProfile, type.key).toBeDefined();
      if (type.family === 'task' || type.family === 'none' || type.family === 'palm') {
        expect(openAiProfileOf(type.id), type.key).toBeUndefined();
      }
    }
  });

  it('are the only place outside the providers that knows a channel type by its key', () => {
    const naming = productionSources(SERVER_SOURCE)
      .filter((path) => !relative(SERVER_SOURCE, path).startsWith('providers'))
      .filter((path) => /CHANNEL_TYPE\.[A-Za-z]/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SERVER_SOURCE, path));
    expect(naming).toEqual([]);
  });
});
