/**
 * The contract of a video provider (Sora, Kling, Jimeng, Vidu): one folder under
 * tasks/video/ and one line in video-providers.ts. The video engine does the rest — reading the
 * client's request in OpenAI's video shape, the price and its hold, the charge once upstream
 * accepted, the task row under Tollgate's own public id, polling, the refund-once of failed tasks
 * and the content proxy.
 *
 * A task's state comes only from its channel (`fetchRequest` / `readFetchAnswer`), never from a
 * client.
 */
import type { CachedChannel } from '../../relay/channel-cache.js';

/** A file the client sent with its request (`input_reference`). */
export interface VideoFile {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * A video request in OpenAI's shape, as the engine read it from any face (`/v1/videos`,
 * `/v1/video/generations`).
 */
export interface VideoCall {
  /** The billed model, as the client named it. */
  model: string;
  prompt: string;
  /** Clip length in seconds (OpenAI's default 4 when the client named none). */
  seconds: number;
  /** `WIDTHxHEIGHT`, or '' when the client named none (the provider's default). */
  size: string;
  /** The client's other fields, forwarded as they came (text fields of a form as strings). */
  fields: Record<string, unknown>;
  /** Files of a multipart request. */
  files: VideoFile[];
  /** True when the client sent a form (`multipart/form-data`), false for JSON. */
  multipart: boolean;
}

/** A remix of an earlier task: its upstream id and the new prompt. */
export interface VideoRemix {
  upstreamId: string;
  prompt: string;
}

/** An upstream request a provider builds (an absolute URL on the channel's host). */
export interface VideoUpstreamRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** Task states of the `tasks` table a video task moves through. */
export type VideoTaskStatus = 'QUEUED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE';

/** What a provider says of one task. */
export interface VideoReport {
  status: VideoTaskStatus;
  /** 0–100. */
  progress?: number;
  failReason?: string;
  /** The provider's answer, in OpenAI's video object shape (stored as `tasks.data`). */
  video: Record<string, unknown>;
  /**
   * Where the finished file is, when the answer names it (Kling, Jimeng, Vidu): kept in
   * `tasks.private_data` for `contentRequest`, never shown to clients.
   */
  resultUrl?: string;
}

/** A provider's answer to a submission: the upstream id and its video object. */
export interface VideoAccepted {
  upstreamId: string;
  video: Record<string, unknown>;
}

/** One video provider. */
export interface VideoProvider {
  /** Stored in `tasks.platform`. */
  readonly platform: string;
  /** True when this provider serves video calls on the channel (by its type). */
  serves(channel: CachedChannel): boolean;
  /**
   * Price multipliers of a call beyond the model's price (reference §10.2: `seconds`, `size`);
   * an empty object prices the call per call.
   */
  priceRatios(call: Pick<VideoCall, 'seconds' | 'size'>): Record<string, number>;
  /** The submission of `call` as `upstreamModel` (the channel's model mapping applied). */
  submitRequest(
    call: VideoCall,
    upstreamModel: string,
    channel: CachedChannel,
  ): Promise<VideoUpstreamRequest>;
  /** A remix of an earlier task on the same channel; absent when the provider has none. */
  remixRequest?(remix: VideoRemix, channel: CachedChannel): VideoUpstreamRequest;
  /**
   * The accepted task of a submission answer to `request`; throws RelayError when upstream refused
   * it. The upstream id it returns is what `fetchRequest` needs to find the task again (a provider
   * whose queries depend on the submission, such as Kling's endpoint, names that in it).
   */
  readSubmitAnswer(status: number, text: string, request: VideoUpstreamRequest): VideoAccepted;
  /** The query of one task (signed providers build it asynchronously). */
  fetchRequest(
    upstreamId: string,
    channel: CachedChannel,
  ): VideoUpstreamRequest | Promise<VideoUpstreamRequest>;
  /** The task's state in a fetch answer; throws when the answer is not one. */
  readFetchAnswer(status: number, text: string): VideoReport;
  /**
   * Where a finished task's file is (on the channel's host), with the credentials it needs;
   * `variant` is OpenAI's (`video`, `thumbnail`, `spritesheet`), `resultUrl` what the last report
   * named (see `VideoReport`). Throws RelayError when the file cannot be found.
   */
  contentRequest(
    upstreamId: string,
    channel: CachedChannel,
    variant: string | undefined,
    resultUrl: string | undefined,
  ): VideoUpstreamRequest;
}
