/** What one row of the channel-type table (channel-types.ts) holds. */

/**
 * Which adaptor serves a type's relay calls:
 * - `openai`: the OpenAI wire format (OpenAI, Azure and every OpenAI-compatible vendor);
 * - `anthropic`: the Anthropic Messages API;
 * - `task`: asynchronous task platforms (Midjourney proxy, Suno), served by their own routes;
 * - `none`: a type with no relay adaptor at all (AIProxy library);
 * - `palm`: retired upstream (Google shut the API down): calls answer so and point to Gemini;
 * - any other value: the provider's native adaptor (`providers/<family>/` in the server).
 */
export type ChannelFamily =
  | 'openai'
  | 'anthropic'
  | 'task'
  | 'none'
  | 'palm'
  | 'baidu'
  | 'zhipu'
  | 'zhipu-v4'
  | 'ali'
  | 'xunfei'
  | 'tencent'
  | 'gemini'
  | 'bedrock'
  | 'cohere'
  | 'dify'
  | 'cloudflare'
  | 'vertex';

/**
 * How a type's key is written: one plain key, several parts joined by a separator, or JSON
 * credentials. The console explains and checks it as the key is typed.
 */
export type ChannelKeyFormat =
  | { kind: 'plain' }
  | { kind: 'parts'; separator: '|' | '-' | '.'; parts: readonly string[] }
  | { kind: 'json' };

/**
 * Which address field the console shows: the Azure resource endpoint, Custom's complete URL,
 * FastGPT's private deployment, Suno's address before `/suno`, none (the address is fixed), or an
 * optional replacement of the default address.
 */
export type ChannelBaseUrlField =
  | 'azure-endpoint'
  | 'full-url'
  | 'private-deployment'
  | 'suno'
  | 'none'
  | 'optional';

/** What a type keeps in the channel's `other` field. */
export type ChannelOtherField =
  | 'api-version'
  | 'spark-version'
  | 'knowledge-base-id'
  | 'account-id'
  | 'region'
  | 'plugin';

/** One channel type. */
export interface ChannelTypeDefinition {
  id: number;
  /** The type's name in code (`CHANNEL_TYPE.<key>`). */
  key: string;
  /** English display name (the console translates it). */
  name: string;
  family: ChannelFamily;
  /** Upstream address when a channel sets none ('' when the type has no usable default). */
  defaultBaseUrl: string;
  /** Owner of the type's built-in models, as new-api's adaptors name it (`/api/channel/models`). */
  owner: string;
  /** Vendor named in `owned_by` of `/v1/models` for the type's built-in models. */
  vendor?: string;
  /** Upstream honours `stream_options.include_usage`, so Tollgate asks for usage in streams. */
  streamUsageOption?: boolean;
  /** antd preset colour of the type's tag in the console. */
  color: string;
  /** How its key is written; one plain key when absent. */
  keyFormat?: ChannelKeyFormat;
  /** The console's address field; `optional` when absent. */
  baseUrlField?: ChannelBaseUrlField;
  /** What `other` holds; the console shows no such field when absent. */
  otherField?: ChannelOtherField;
  /** What the console fills in `other` when it is left empty. */
  otherDefault?: string;
}
