import {
  TOKEN_PAGE_SIZE_DEFAULT,
  TOKEN_PAGE_SIZE_MAX,
  createTokenRequestSchema,
  tokenPageQuerySchema,
  tokenSearchQuerySchema,
  updateTokenRequestSchema,
  updateTokenStatusRequestSchema,
} from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import {
  createOwnTokens,
  deleteOwnToken,
  getOwnToken,
  listOwnTokens,
  searchOwnTokens,
  updateOwnToken,
  updateOwnTokenStatus,
} from '../../tokens/token-service.js';
import { withShownKeys } from '../../tokens/token-key-mask.js';
import type { AppContext } from '../app-context.js';
import { requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';

/** Keeps `p × size` a sane offset however large `p` is. */
const MAX_PAGE_NUMBER = 1_000_000;

/** `?status_only=<anything but empty, 0 or false>` selects the status-only update, as new-api. */
function isStatusOnly(query: unknown): boolean {
  const value = (query as Record<string, unknown> | undefined)?.status_only;
  const text = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
  return text !== '' && text !== '0' && text !== 'false';
}

/**
 * The signed-in user's API tokens (reference §12.5, spec part 2 §7 Tokens). Every route is scoped to
 * the caller: another user's token id answers as not found.
 */
export async function registerTokenRoutes(api: FastifyInstance, context: AppContext) {
  const guard = { preHandler: requireUser(context) };
  /** Lists, a token and the edit answer show keys masked (token-key-mask.ts). */
  const shown = <T extends { key: string }>(tokens: T[]) =>
    withShownKeys(tokens, context.options.getBoolean('TokenKeysInLists'));

  /** `data` is a bare array (no total): the console pages lazily with a 0-based `p`. */
  api.get('/token/', guard, async (request) => {
    const { p, size } = parseInput(tokenPageQuerySchema, request.query);
    const page = Math.min(Math.max(p, 0), MAX_PAGE_NUMBER);
    const pageSize = size <= 0 ? TOKEN_PAGE_SIZE_DEFAULT : Math.min(size, TOKEN_PAGE_SIZE_MAX);
    return ok(
      shown(await listOwnTokens(context, requireAuthenticated(request).id, page, pageSize)),
    );
  });

  api.get('/token/search', guard, async (request) => {
    const { keyword, token } = parseInput(tokenSearchQuerySchema, request.query);
    return ok(
      shown(await searchOwnTokens(context, requireAuthenticated(request).id, keyword, token)),
    );
  });

  api.get<{ Params: { id: string } }>('/token/:id', guard, async (request) => {
    const owner = requireAuthenticated(request).id;
    const [token] = shown([await getOwnToken(context, owner, parseId(request.params.id))]);
    return ok(token);
  });

  /** Answers `{success, message}` without the new keys, as new-api; the list shows them. */
  api.post('/token/', guard, async (request) => {
    const body = parseInput(createTokenRequestSchema, request.body);
    await createOwnTokens(context, requireAuthenticated(request), body);
    return ok();
  });

  /** Full edit, or `?status_only=true` with `{id, status}`; answers the token as saved. */
  api.put('/token/', guard, async (request) => {
    const owner = requireAuthenticated(request);
    if (isStatusOnly(request.query)) {
      const body = parseInput(updateTokenStatusRequestSchema, request.body);
      return ok(shown([await updateOwnTokenStatus(context, owner.id, body)])[0]);
    }
    const body = parseInput(updateTokenRequestSchema, request.body);
    return ok(shown([await updateOwnToken(context, owner, body)])[0]);
  });

  // The console calls `DELETE /api/token/{id}/`; the router answers both spellings.
  api.delete<{ Params: { id: string } }>('/token/:id', guard, async (request) => {
    await deleteOwnToken(context, requireAuthenticated(request).id, parseId(request.params.id));
    return ok();
  });
}
