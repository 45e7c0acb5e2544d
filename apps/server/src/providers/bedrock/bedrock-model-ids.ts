/**
 * Friendly model names → Bedrock model ids (reference §3.6 "aws", new-api's table). Names not
 * listed (a Bedrock id already, or a model this table does not know) are sent as they are.
 */
const BEDROCK_MODEL_IDS: Readonly<Record<string, string>> = {
  'claude-instant-1.2': 'anthropic.claude-instant-v1',
  'claude-2.0': 'anthropic.claude-v2',
  'claude-2.1': 'anthropic.claude-v2:1',
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'claude-3-5-sonnet-20241022': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-5-haiku-20241022': 'anthropic.claude-3-5-haiku-20241022-v1:0',
  'claude-3-7-sonnet-20250219': 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  'claude-sonnet-4-20250514': 'anthropic.claude-sonnet-4-20250514-v1:0',
  'claude-opus-4-20250514': 'anthropic.claude-opus-4-20250514-v1:0',
  'claude-opus-4-1-20250805': 'anthropic.claude-opus-4-1-20250805-v1:0',
  'nova-micro-v1:0': 'amazon.nova-micro-v1:0',
  'nova-lite-v1:0': 'amazon.nova-lite-v1:0',
  'nova-pro-v1:0': 'amazon.nova-pro-v1:0',
  'nova-premier-v1:0': 'amazon.nova-premier-v1:0',
};

type RegionPrefix = 'us' | 'eu' | 'apac';
const ALL: readonly RegionPrefix[] = ['us', 'eu', 'apac'];
const US_APAC: readonly RegionPrefix[] = ['us', 'apac'];
const US: readonly RegionPrefix[] = ['us'];

/** The cross-region inference profiles each model id has, by region prefix. */
const CROSS_REGION_PROFILES: Readonly<Record<string, readonly RegionPrefix[]>> = {
  'anthropic.claude-3-haiku-20240307-v1:0': ALL,
  'anthropic.claude-3-sonnet-20240229-v1:0': ALL,
  'anthropic.claude-3-opus-20240229-v1:0': US,
  'anthropic.claude-3-5-sonnet-20240620-v1:0': ALL,
  'anthropic.claude-3-5-sonnet-20241022-v2:0': US_APAC,
  'anthropic.claude-3-5-haiku-20241022-v1:0': US,
  'anthropic.claude-3-7-sonnet-20250219-v1:0': ALL,
  'anthropic.claude-sonnet-4-20250514-v1:0': ALL,
  'anthropic.claude-opus-4-20250514-v1:0': US,
  'anthropic.claude-opus-4-1-20250805-v1:0': US,
  'amazon.nova-micro-v1:0': ALL,
  'amazon.nova-lite-v1:0': ALL,
  'amazon.nova-pro-v1:0': ALL,
  'amazon.nova-premier-v1:0': US,
};

/** The inference-profile prefix of an AWS region: `us-east-1` → us, `eu-west-3` → eu, `ap-…` → apac. */
export function regionPrefix(region: string): string {
  const first = region.split('-')[0] ?? '';
  return first === 'ap' ? 'apac' : first;
}

/**
 * The model id sent to Bedrock: the friendly name mapped to its id, then prefixed with the
 * region's cross-region inference profile (`us.`, `eu.`, `apac.`) when the model has one there.
 */
export function bedrockModelId(model: string, region: string): string {
  const id = Object.hasOwn(BEDROCK_MODEL_IDS, model) ? BEDROCK_MODEL_IDS[model]! : model;
  const profiles = Object.hasOwn(CROSS_REGION_PROFILES, id) ? CROSS_REGION_PROFILES[id] : undefined;
  const prefix = regionPrefix(region);
  return profiles?.includes(prefix as RegionPrefix) ? `${prefix}.${id}` : id;
}

/** Whether a model (friendly name or Bedrock id, with or without a profile prefix) is Claude. */
export function isClaudeModel(modelId: string): boolean {
  return (
    /^(?:(?:us|eu|apac|us-gov|global)\.)?anthropic\./.test(modelId) || modelId.startsWith('claude')
  );
}

/** The friendly names this table knows (the channel type's default model list). */
export const BEDROCK_FRIENDLY_MODELS: readonly string[] = Object.keys(BEDROCK_MODEL_IDS);
