export {
  createMockUpstream,
  INVALID_API_KEY,
  type MockUpstream,
  type MockUpstreamOptions,
  type RecordedRequest,
} from './create-mock-upstream.js';
export {
  DEFAULT_CONTROLS,
  resolveControls,
  splitModelSuffix,
  type MockControls,
} from './mock-controls.js';
export {
  DEFAULT_CHUNKS,
  MOCK_REASONING,
  MOCK_THINKING_SIGNATURE,
  WORDS,
  WORDS_PER_CHUNK,
  chunkText,
  completionTokens,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
export { DEFAULT_EMBEDDING_DIMENSIONS, mockEmbedding } from './openai-embeddings.js';
export { MOCK_CREATED } from './openai-shapes.js';
export { MOCK_HARD_LIMIT_USD, MOCK_MODELS, MOCK_TOTAL_USAGE_CENTS } from './models-and-billing.js';
export { parseEventStream, type ServerSentEvent } from './parse-event-stream.js';
export {
  MOCK_OPENAI_VERSION,
  MOCK_ORGANIZATION,
  MOCK_PROCESSING_MS,
  MOCK_SET_COOKIE,
} from './route-context.js';
export type { MultipartForm, MultipartFile } from './multipart-form.js';
export { MOCK_VIDEO_LENGTH, mockVideoBytes } from './openai-videos.js';
export {
  MockTaskStore,
  TASK_PROMPT_CONTROLS,
  taskStage,
  type MockTask,
  type TaskOutcome,
} from './async-tasks.js';
export {
  AUDIO_BYTES_PER_CHUNK,
  AUDIO_BYTES_PER_INPUT_TOKEN,
  AUDIO_TOKENS_PER_CHUNK,
  REALTIME_BASE_INPUT_TOKENS,
} from './openai-realtime.js';
export { MOCK_AWS_ACCESS_KEY_ID, MOCK_AWS_SECRET_ACCESS_KEY } from './aws-sigv4-check.js';
export { COHERE_PREAMBLE_TOKENS, COHERE_TOOL_PLAN } from './cohere-v2.js';
export { MOCK_ZHIPU_API_KEY } from './zhipu-api.js';
export { MOCK_PNG_BASE64 } from './openai-images.js';
export { MOCK_CLOUDFLARE_ACCOUNT_ID } from './cloudflare-workers-ai.js';
export {
  BAIDU_TOKEN_LIFETIME,
  BaiduAuthority,
  MOCK_BAIDU_API_KEY,
  MOCK_BAIDU_SECRET_KEY,
} from './baidu-oauth.js';
export { MOCK_TENCENT_SECRET_ID, MOCK_TENCENT_SECRET_KEY } from './tencent-signature.js';
export { HUNYUAN_EMBEDDING_DIMENSIONS } from './tencent-api.js';
export { verifyTencentSignature, type TencentRefusal } from './tencent-signature.js';
export {
  SPARK_MOCK_API_KEY,
  SPARK_MOCK_API_SECRET,
  SPARK_MOCK_APP_ID,
  SPARK_MOCK_CHANNEL_KEY,
} from './spark-chat.js';
export { DIFY_MOCK_NODES, DIFY_MOCK_WORKFLOW_ID } from './dify-api.js';
export { MOCK_KLING_ACCESS_KEY, MOCK_KLING_SECRET_KEY } from './kling-api.js';
export {
  MOCK_VOLCENGINE_ACCESS_KEY_ID,
  MOCK_VOLCENGINE_SECRET_ACCESS_KEY,
} from './volcengine-signature.js';
export { MOCK_VIDU_API_KEY } from './vidu-api.js';
