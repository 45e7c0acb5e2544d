/** Redemption code administration by admins (reference §9.1, spec part 2 "Redemption codes"). */
import { randomUUID } from 'node:crypto';
import {
  REDEMPTION_PAGE_SIZE_DEFAULT,
  REDEMPTION_PAGE_SIZE_MAX,
  REDEMPTION_STATUS,
  type CreateRedemptionRequest,
  type Redemption,
  type RedemptionPage,
  type UpdateRedemptionRequest,
  type UpdateRedemptionStatusRequest,
} from '@tollgate/contracts';
import { isUniqueViolation, nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { NewRedemption, RedemptionRow } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import { redemptionRowToDto } from './redemption-dto.js';
import * as redemptions from './redemption-repository.js';
import {
  ONLY_UNUSED_EDITABLE,
  REDEMPTION_NOT_FOUND,
  USED_STATUS_LOCKED,
  redemptionCountProblem,
  redemptionNameProblem,
  redemptionQuotaProblem,
  redemptionStatusProblem,
} from './redemption-rules.js';

/** What the administration rules need. */
export interface RedemptionAdminDeps {
  database: DatabaseHandle;
}

/** Keeps `(p - 1) × page_size` a sane offset however large `p` is. */
const MAX_PAGE_NUMBER = 1_000_000;
/** A 128-bit key colliding is practically impossible; a retry with new keys settles it. */
const KEY_COLLISION_RETRIES = 3;

function check(problem: string | undefined): void {
  if (problem) throw failure(problem);
}

async function requireRedemption(deps: RedemptionAdminDeps, id: number): Promise<RedemptionRow> {
  const row = await redemptions.findRedemption(deps.database.db, id);
  if (!row) throw failure(REDEMPTION_NOT_FOUND);
  return row;
}

/**
 * `GET /api/redemption/` and `/search`: `page` is 1-based (below 1 = the first page), `pageSize`
 * defaults to 10 and is capped at 100; `keyword` '' lists every live code.
 */
export async function listRedemptionPage(
  deps: RedemptionAdminDeps,
  query: { p: number; page_size: number; keyword?: string },
): Promise<RedemptionPage> {
  const page = Math.min(Math.max(query.p, 1), MAX_PAGE_NUMBER);
  const pageSize =
    query.page_size <= 0
      ? REDEMPTION_PAGE_SIZE_DEFAULT
      : Math.min(query.page_size, REDEMPTION_PAGE_SIZE_MAX);
  const { items, total } = await redemptions.listRedemptions(
    deps.database.db,
    (query.keyword ?? '').trim(),
    (page - 1) * pageSize,
    pageSize,
  );
  return { items: items.map(redemptionRowToDto), total, page, page_size: pageSize };
}

/** `GET /api/redemption/:id`. */
export async function getRedemption(deps: RedemptionAdminDeps, id: number): Promise<Redemption> {
  return redemptionRowToDto(await requireRedemption(deps, id));
}

/**
 * `POST /api/redemption/`: makes `count` unused codes, each keyed by a fresh random UUID in hex,
 * and returns the keys. All codes are inserted by one statement, so a failure stores none (new-api
 * inserts them one by one and answers the keys made before a failure).
 */
export async function createRedemptions(
  deps: RedemptionAdminDeps,
  creatorId: number,
  request: CreateRedemptionRequest,
): Promise<string[]> {
  const name = request.name.trim();
  check(redemptionNameProblem(name));
  check(redemptionCountProblem(request.count));
  check(redemptionQuotaProblem(request.quota));
  const now = nowSeconds();
  for (let attempt = 0; ; attempt += 1) {
    const rows: NewRedemption[] = Array.from({ length: request.count }, () => ({
      user_id: creatorId,
      key: randomUUID().replaceAll('-', ''),
      status: REDEMPTION_STATUS.unused,
      name,
      quota: request.quota,
      created_time: now,
      redeemed_time: 0,
      used_user_id: 0,
      deleted_at: null,
    }));
    try {
      await redemptions.insertRedemptions(deps.database.db, rows);
      return rows.map((row) => row.key);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= KEY_COLLISION_RETRIES) throw error;
    }
  }
}

/** Why a conditional write found no row to change: the code is gone, or in the wrong status. */
async function explainRefusal(
  deps: RedemptionAdminDeps,
  id: number,
  wrongStatus: string,
): Promise<never> {
  const row = await redemptions.findRedemption(deps.database.db, id);
  throw failure(row ? wrongStatus : REDEMPTION_NOT_FOUND);
}

/**
 * `PUT /api/redemption/`: renames or revalues a code. Only an unused code can be edited, checked in
 * the UPDATE itself so a code redeemed at the same moment keeps the value it was redeemed for.
 * Answers the code as saved.
 */
export async function updateRedemption(
  deps: RedemptionAdminDeps,
  request: UpdateRedemptionRequest,
): Promise<Redemption> {
  const values: { name?: string; quota?: number } = {};
  if (request.name !== undefined) {
    const name = request.name.trim();
    check(redemptionNameProblem(name));
    values.name = name;
  }
  if (request.quota !== undefined) {
    check(redemptionQuotaProblem(request.quota));
    values.quota = request.quota;
  }
  const row = await requireRedemption(deps, request.id);
  if (Number(row.status) !== REDEMPTION_STATUS.unused) throw failure(ONLY_UNUSED_EDITABLE);
  if (Object.keys(values).length === 0) return redemptionRowToDto(row);
  if (!(await redemptions.updateUnusedRedemption(deps.database.db, request.id, values))) {
    return explainRefusal(deps, request.id, ONLY_UNUSED_EDITABLE);
  }
  return getRedemption(deps, request.id);
}

/**
 * `PUT /api/redemption/?status_only=true`: disables (2) or re-enables (1) a code. A used code keeps
 * its status (checked in the UPDATE itself, so a code redeemed meanwhile is not revived).
 */
export async function updateRedemptionStatus(
  deps: RedemptionAdminDeps,
  request: UpdateRedemptionStatusRequest,
): Promise<Redemption> {
  check(redemptionStatusProblem(request.status));
  const row = await requireRedemption(deps, request.id);
  if (Number(row.status) === REDEMPTION_STATUS.used) throw failure(USED_STATUS_LOCKED);
  if (
    !(await redemptions.setUnspentRedemptionStatus(deps.database.db, request.id, request.status))
  ) {
    return explainRefusal(deps, request.id, USED_STATUS_LOCKED);
  }
  return getRedemption(deps, request.id);
}

/** `DELETE /api/redemption/:id`: soft delete (used codes too; their credit stays). */
export async function deleteRedemption(deps: RedemptionAdminDeps, id: number): Promise<void> {
  if (!(await redemptions.softDeleteRedemption(deps.database, id))) {
    throw failure(REDEMPTION_NOT_FOUND);
  }
}
