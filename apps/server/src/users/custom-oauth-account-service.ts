/**
 * Sign-in and binding through a custom OAuth provider: the provider's user info is mapped to an
 * identity (dotted field paths), checked against the provider's access policy, then bound to the
 * signed-in account, or signed in: the bound account, an account with the same verified email
 * (`auto_merge_by_email`), or a new account (`auto_register` and registration open).
 * Accounts are made and identities claimed by `oauth-account-service.ts`, as for the built-in
 * providers; the identity lives in `user_oauth_bindings`.
 */
import { USER_STATUS } from '@tollgate/contracts';
import { admittedByPolicy } from '../accounts/oauth/access-policy.js';
import { claimText, readClaim } from '../accounts/oauth/claim-path.js';
import { mappedGroup, mappedRole } from '../accounts/oauth/group-role-mapping.js';
import { bindingIdentityStore } from '../accounts/oauth/custom-provider-repository.js';
import type {
  ExternalIdentity,
  IdentityAccountKind,
} from '../accounts/oauth/identity-providers.js';
import type { CustomOAuthProviderRow, UserRow } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import {
  bindIdentity,
  findBoundAccount,
  signInWithIdentity,
  type OAuthAccountDeps,
} from './oauth-account-service.js';
import * as users from './user-repository.js';

export const ALREADY_BOUND = '该 OAuth 账户已绑定其他用户';
const ALREADY_HAS_ONE = '您已绑定该提供商的另一个账户，请先解绑';
const NO_IDENTITY = 'OAuth 提供商返回的用户信息缺少用户标识';
const NOT_REGISTERED = '该账户尚未注册，且管理员未开启通过此方式自动注册';
const DENIED = '您没有通过此方式登录的权限';

/** The account-side description of a custom provider. */
export function customIdentityKind(provider: CustomOAuthProviderRow): IdentityAccountKind {
  return {
    key: `custom:${provider.id}`,
    store: bindingIdentityStore(provider.id, ALREADY_HAS_ONE),
    alreadyBoundMessage: ALREADY_BOUND,
    usernamePrefix: `${provider.slug.replace(/-/g, '_')}_`,
    defaultDisplayName: provider.name,
    honoursInvites: true,
  };
}

/** The person the user info describes, after the field mapping and the access policy. */
export interface MappedIdentity {
  identity: ExternalIdentity;
  /** The email is one the provider says it verified (or the provider says nothing about it). */
  emailTrusted: boolean;
}

/**
 * Maps the user info and applies the access policy; refuses with the provider's message.
 * `groupExists` says which groups the group mapping may give (none without it).
 */
export function mapCustomIdentity(
  provider: CustomOAuthProviderRow,
  claims: Record<string, unknown>,
  groupExists: (group: string) => boolean = () => false,
): MappedIdentity {
  const id = claimText(claims, provider.user_id_field || 'sub');
  if (id === '') throw failure(NO_IDENTITY);
  if (!admittedByPolicy(provider.access_policy, claims)) {
    throw failure(deniedMessage(provider.access_denied_message, claims));
  }
  const email = claimText(claims, provider.email_field || 'email');
  const verified = readClaim(claims, 'email_verified');
  return {
    identity: {
      id,
      displayName: claimText(claims, provider.display_name_field || 'name') || undefined,
      email: email || undefined,
      preferredUsername:
        claimText(claims, provider.username_field || 'preferred_username') || undefined,
      group: mappedGroup(provider, claims, groupExists),
      role: mappedRole(provider, claims),
    },
    emailTrusted: verified !== false && verified !== 'false',
  };
}

/** The groups a mapping may give: those `GroupRatio` prices. */
export function existingGroups(deps: OAuthAccountDeps): (group: string) => boolean {
  const ratios = deps.options.getJson('GroupRatio');
  return (group) => Object.prototype.hasOwnProperty.call(ratios, group);
}

/** The denial text; `{{path}}` is replaced by that field of the user info. */
function deniedMessage(template: string | null, claims: Record<string, unknown>): string {
  if (!template) return DENIED;
  return template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_match, path: string) =>
    claimText(claims, path),
  );
}

/** Binds the identity to the signed-in account `userId`. */
export async function bindCustomIdentity(
  deps: OAuthAccountDeps,
  provider: CustomOAuthProviderRow,
  userId: number,
  mapped: MappedIdentity,
): Promise<void> {
  await bindIdentity(deps, customIdentityKind(provider), userId, mapped.identity.id);
}

/** Signs in with the identity: the bound account, an account merged by email, or a new one. */
export async function signInWithCustomIdentity(
  deps: OAuthAccountDeps,
  provider: CustomOAuthProviderRow,
  mapped: MappedIdentity,
  inviteCode: string,
): Promise<UserRow> {
  const kind = customIdentityKind(provider);
  const bound = await findBoundAccount(deps, kind, mapped.identity.id);
  if (bound) return bound;
  const merged = await mergeByEmail(deps, provider, kind, mapped);
  if (merged) return merged;
  if (!provider.auto_register) throw failure(NOT_REGISTERED);
  return signInWithIdentity(deps, kind, mapped.identity, inviteCode);
}

/**
 * With `auto_merge_by_email`: the one live, enabled account using the provider's (trusted) email
 * gets the identity bound and is signed in. Two accounts with that email merge with neither.
 */
async function mergeByEmail(
  deps: OAuthAccountDeps,
  provider: CustomOAuthProviderRow,
  kind: IdentityAccountKind,
  mapped: MappedIdentity,
): Promise<UserRow | undefined> {
  const email = mapped.identity.email;
  if (!provider.auto_merge_by_email || !email || !mapped.emailTrusted) return undefined;
  const { db } = deps.database;
  const ids = await users.findLiveUserIdsByEmail(db, email);
  if (ids.length !== 1) return undefined;
  const user = await users.findUserById(db, ids[0]!);
  if (!user || user.status !== USER_STATUS.enabled) return undefined;
  await bindIdentity(deps, kind, user.id, mapped.identity.id);
  return user;
}
