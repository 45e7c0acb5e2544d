/**
 * ERNIE models are served under per-model endpoint names (`…/wenxinworkshop/chat/{endpoint}`),
 * which differ from the models' display names for the older models (reference §3.6 "baidu").
 * A model missing here is addressed by its name in lower case, which is how Baidu names the
 * endpoints of newer models (`ernie-4.0-turbo-8k`) and of custom deployments.
 */
const ENDPOINTS: Readonly<Record<string, string>> = {
  'ERNIE-4.0': 'completions_pro',
  'ERNIE-Bot-4': 'completions_pro',
  'ERNIE-Bot': 'completions',
  'ERNIE-Bot-turbo': 'eb-instant',
  'ERNIE-Speed': 'ernie_speed',
  'ERNIE-4.0-8K': 'completions_pro',
  'ERNIE-3.5-8K': 'completions',
  'ERNIE-3.5-8K-0205': 'ernie-3.5-8k-0205',
  'ERNIE-3.5-8K-1222': 'ernie-3.5-8k-1222',
  'ERNIE-Bot-8K': 'ernie_bot_8k',
  'ERNIE-3.5-4K-0205': 'ernie-3.5-4k-0205',
  'ERNIE-Speed-8K': 'ernie_speed',
  'ERNIE-Speed-128K': 'ernie-speed-128k',
  'ERNIE-Lite-8K-0922': 'eb-instant',
  'ERNIE-Lite-8K-0308': 'ernie-lite-8k',
  'ERNIE-Tiny-8K': 'ernie-tiny-8k',
  'BLOOMZ-7B': 'bloomz_7b1',
  'Embedding-V1': 'embedding-v1',
  'bge-large-zh': 'bge_large_zh',
  'bge-large-en': 'bge_large_en',
  'tao-8k': 'tao_8k',
};

/** The endpoint name of `model`. */
export function ernieEndpoint(model: string): string {
  return ENDPOINTS[model] ?? model.toLowerCase();
}

/**
 * Models that accept `functions` (ERNIE 3.5 and 4.0); the others refuse the field, so tools are
 * left out for them.
 */
export function ernieSupportsFunctions(endpoint: string): boolean {
  return (
    endpoint === 'completions' ||
    endpoint === 'completions_pro' ||
    endpoint.startsWith('ernie-3.5') ||
    endpoint.startsWith('ernie-4.0')
  );
}
