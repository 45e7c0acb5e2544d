/**
 * The third-party identities a user can sign in with, and what differs between them: the users
 * column holding the identity, the switch that enables the provider, the messages (new-api's),
 * and how an account made from the identity is named.
 */
import type { OptionKey } from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** An account holding an identity; `deleted_at` set means deregistered. */
export interface IdentityHolder {
  id: number;
  deleted_at: string | null;
}

/** Who someone is at a provider, as read after a successful provider round trip. */
export interface ExternalIdentity {
  /** The value stored in the users column: GitHub login, OIDC `sub`, numeric LinuxDO id, ... */
  id: string;
  /** A name to show, when the provider gave one. */
  displayName?: string;
  /** The address the provider gave, when it gave one. */
  email?: string;
  /** A username the provider suggests (OIDC `preferred_username`). */
  preferredUsername?: string;
  /** The group and role a new account starts with (a custom provider's mapping); else default, common. */
  group?: string;
  role?: number;
}

export type IdentityColumn =
  | 'github_id'
  | 'oidc_id'
  | 'linux_do_id'
  | 'wechat_id'
  | 'telegram_id'
  | 'discord_id';

/**
 * Where identities of one kind are kept and who holds them: a users column for the built-in
 * providers, `user_oauth_bindings` for a custom provider.
 */
export interface IdentityStore {
  /** Every account (deregistered ones included) holding the identity, oldest first. */
  holders(db: Kysely<Database>, identityId: string): Promise<IdentityHolder[]>;
  /** Gives the identity to a live account; false when there is no such account. */
  attach(db: Kysely<Database>, userId: number, identityId: string): Promise<boolean>;
}

/** What the account side needs to know of an identity's kind (built-in or custom provider). */
export interface IdentityAccountKind {
  /** Names the kind in claims and logs (`github`, `custom:7`). */
  key: string;
  /** A built-in provider's users column; ignored when `store` is given. */
  column?: IdentityColumn;
  store?: IdentityStore;
  /** Answer when the identity belongs to another account already. */
  alreadyBoundMessage: string;
  /** Generated usernames are this prefix and the next user id (`github_42`). */
  usernamePrefix: string;
  /** Display name of a new account when the provider gave none. */
  defaultDisplayName: string;
  /** Whether the invite code kept with the OAuth state rewards an account made here. */
  honoursInvites: boolean;
}

export interface IdentityProvider extends IdentityAccountKind {
  key: 'github' | 'oidc' | 'linuxdo' | 'wechat' | 'telegram' | 'discord';
  column: IdentityColumn;
  /** The boolean option that switches sign-in and binding with this provider on. */
  enabledOption: OptionKey;
  /** Answer while the provider is switched off. */
  disabledMessage: string;
}

export const GITHUB: IdentityProvider = {
  key: 'github',
  column: 'github_id',
  enabledOption: 'GitHubOAuthEnabled',
  disabledMessage: '管理员未开启通过 GitHub 登录以及注册',
  alreadyBoundMessage: '该 GitHub 账户已被绑定',
  usernamePrefix: 'github_',
  defaultDisplayName: 'GitHub User',
  honoursInvites: true,
};

export const OIDC: IdentityProvider = {
  key: 'oidc',
  column: 'oidc_id',
  enabledOption: 'oidc.enabled',
  disabledMessage: '管理员未开启通过 OIDC 登录以及注册',
  alreadyBoundMessage: '该 OIDC 账户已被绑定',
  usernamePrefix: 'oidc_',
  defaultDisplayName: 'OIDC User',
  // new-api ignores the invite code here; an invite link works the same whichever way one signs up.
  honoursInvites: true,
};

export const LINUXDO: IdentityProvider = {
  key: 'linuxdo',
  column: 'linux_do_id',
  enabledOption: 'LinuxDOOAuthEnabled',
  disabledMessage: '管理员未开启通过 Linux DO 登录以及注册',
  alreadyBoundMessage: '该 Linux DO 账户已被绑定',
  usernamePrefix: 'linuxdo_',
  defaultDisplayName: 'LinuxDO User',
  honoursInvites: true,
};

export const DISCORD: IdentityProvider = {
  key: 'discord',
  column: 'discord_id',
  enabledOption: 'discord.enabled',
  disabledMessage: '管理员未开启通过 Discord 登录以及注册',
  alreadyBoundMessage: '该 Discord 账户已被绑定',
  usernamePrefix: 'discord_',
  defaultDisplayName: 'Discord User',
  honoursInvites: true,
};

export const WECHAT: IdentityProvider = {
  key: 'wechat',
  column: 'wechat_id',
  enabledOption: 'WeChatAuthEnabled',
  disabledMessage: '管理员未开启通过微信登录以及注册',
  alreadyBoundMessage: '该微信账号已被绑定',
  usernamePrefix: 'wechat_',
  defaultDisplayName: 'WeChat User',
  // The WeChat sign-in carries no state, so there is no invite code to honour.
  honoursInvites: false,
};

/** Telegram only signs in accounts bound before; it never creates one. */
export const TELEGRAM: IdentityProvider = {
  key: 'telegram',
  column: 'telegram_id',
  enabledOption: 'TelegramOAuthEnabled',
  disabledMessage: '管理员未开启通过 Telegram 登录以及注册',
  alreadyBoundMessage: '该 Telegram 账户已被绑定',
  usernamePrefix: 'telegram_',
  defaultDisplayName: 'Telegram User',
  honoursInvites: false,
};
