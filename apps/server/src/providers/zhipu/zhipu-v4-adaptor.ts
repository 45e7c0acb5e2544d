import type {
  ProviderAdaptor,
  RelayCallInput,
  UpstreamError,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { OpenAiAdaptor, type OpenAiAdaptorSettings } from '../openai/openai-adaptor.js';
import type { OpenAiCompatibleProfile } from '../openai/openai-compatible-profile.js';
import { parseZhipuError } from './zhipu-error.js';
import { ZhipuTokenCache } from './zhipu-token.js';

/**
 * Zhipu's v4 API (channel type 26): OpenAI-compatible (`/api/paas/v4/chat/completions` and
 * `/embeddings`, see `zhipu-v4-vendor.ts`), served by the OpenAI adaptor with
 * one difference: the credential is a JWT made from the `id.secret` key, sent as
 * `Authorization: Bearer <JWT>` in place of the key itself. Errors carry Zhipu's business codes,
 * which decide the status.
 */
export class ZhipuV4Adaptor extends OpenAiAdaptor implements ProviderAdaptor {
  constructor(
    profile: OpenAiCompatibleProfile,
    settings: OpenAiAdaptorSettings,
    private readonly tokens: ZhipuTokenCache = new ZhipuTokenCache(),
  ) {
    super(profile, settings);
  }

  async authorize(input: RelayCallInput, request: UpstreamRequest): Promise<UpstreamRequest> {
    const token = await this.tokens.get(input.channel.key);
    return { ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` } };
  }

  override parseError(status: number, body: Buffer): UpstreamError {
    return parseZhipuError(status, body);
  }
}
