import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in for the official model metadata (`SYNC_UPSTREAM_BASE`). */
export interface MetadataSource {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `models` and `vendors` as `…/models.json` and `…/vendors.json` under any folder (the
 * untranslated `/api/newapi/` and the translated `/api/i18n/<locale>/newapi/`), in the
 * `{success, data}` envelope, on a free port of 127.0.0.1.
 */
export async function startMetadataSource(
  models: readonly object[],
  vendors: readonly object[],
): Promise<MetadataSource> {
  const source = createServer((request, response) => {
    const path = request.url ?? '';
    const body = path.endsWith('/models.json')
      ? models
      : path.endsWith('/vendors.json')
        ? vendors
        : undefined;
    response.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body ? { success: true, data: body } : {}));
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(source.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => source.close(() => resolve())),
  };
}
