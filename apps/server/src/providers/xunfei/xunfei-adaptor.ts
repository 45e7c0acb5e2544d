import { RelayError } from '../../errors/relay-error.js';
import { requireBody } from '../hub/call-body.js';
import type {
  InternalAnswer,
  RelayCallInput,
  StreamReader,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { ProviderAdaptorBase } from '../provider-adaptor-base.js';
import type { UpstreamExchange } from '../upstream-exchange.js';
import { convertSparkFrames } from './convert-xunfei-response.js';
import { convertToSparkRequest } from './convert-to-xunfei-request.js';
import { parseSparkKey, signSparkUrl, sparkOrigin } from './xunfei-auth.js';
import { parseSparkError } from './xunfei-errors.js';
import { SparkSocketExchange } from './xunfei-socket-exchange.js';
import { XunfeiStreamReader } from './xunfei-stream-reader.js';
import { resolveSparkVersion } from './xunfei-version.js';

/** Deployment settings of the Spark adaptor. */
export interface XunfeiSettings {
  /** Silence allowed between answer frames (`STREAMING_TIMEOUT`), milliseconds. */
  idleTimeoutMs: number;
}

export const DEFAULT_XUNFEI_SETTINGS: XunfeiSettings = { idleTimeoutMs: 60_000 };

/**
 * iFlytek Spark (channel type 18): chat over Spark's websocket API, plain and streamed alike (a
 * plain call collects the frames into one completion), with tools as Spark `functions`. The key is
 * `APPID|APISecret|APIKey`; each connection's URL is HMAC-signed (xunfei-auth.ts). `buildRequest`
 * yields the `wss://…/{version}/chat` URL and the request frame; `openExchange` signs the URL and
 * carries the frame over the websocket.
 */
export class XunfeiAdaptor extends ProviderAdaptorBase {
  readonly name = 'xunfei';
  readonly nativeFormat = 'openai' as const;

  constructor(private readonly settings: XunfeiSettings = DEFAULT_XUNFEI_SETTINGS) {
    super({ modes: ['chat'], readError: parseSparkError });
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    this.requireSupportedMode(input);
    const callBody = requireBody(input);
    const credentials = parseSparkKey(input.channel.key);
    const version = resolveSparkVersion(input.query, input.upstreamModel, input.channel.other);
    let origin: URL;
    try {
      origin = sparkOrigin(input.channel.baseUrl);
    } catch {
      throw RelayError.badRequest(`invalid channel base URL ${input.channel.baseUrl}`);
    }
    return {
      // Signed only when the socket opens (openExchange): the date is then fresh, and traces of
      // the request show no credential.
      url: `${origin.protocol}//${origin.host}/${version}/chat`,
      method: 'GET',
      headers: {},
      body: JSON.stringify(convertToSparkRequest(callBody, credentials, version)),
    };
  }

  openExchange(
    input: RelayCallInput,
    request: UpstreamRequest,
    proxy: string | undefined,
  ): UpstreamExchange {
    const frame = typeof request.body === 'string' ? request.body : String(request.body ?? '');
    const url = new URL(request.url);
    const version = url.pathname.split('/')[1] ?? '';
    const signed = signSparkUrl(url, version, parseSparkKey(input.channel.key), new Date());
    return new SparkSocketExchange(signed, frame, {
      stream: input.stream,
      idleTimeoutMs: this.settings.idleTimeoutMs,
      proxy,
    });
  }

  readAnswer(input: RelayCallInput, body: Buffer, _contentType: string): InternalAnswer {
    return convertSparkFrames(body, input.upstreamModel, Math.floor(Date.now() / 1000));
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    return new XunfeiStreamReader(input);
  }
}
