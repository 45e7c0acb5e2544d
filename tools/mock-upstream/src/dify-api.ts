import { dataEvent, writeEventStream, type StreamPlan } from './event-stream.js';
import { isRecord, readArray, readString, type JsonRecord } from './json-shape.js';
import {
  chunkText,
  completionTokens,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';

/**
 * Dify's chat-flow app API: `POST /v1/chat-messages` (blocking or streaming) and
 * `POST /v1/files/upload`, checked the way Dify checks them:
 * - `Authorization: Bearer <app key>` is required (401 `unauthorized` otherwise; `sk-invalid` is
 *   refused like a revoked key by the common path);
 * - chat-messages needs `inputs` (object), a non-empty `query`, `response_mode` blocking or
 *   streaming and a non-empty `user`; each file an image, `remote_url` with an http(s) `url` or
 *   `local_file` with an `upload_file_id` this mock issued (400 `invalid_param` otherwise);
 * - files/upload needs a multipart body with a `file` part of an image type and a `user` field.
 * The reply is the deterministic mock text; prompt tokens = ceil(query characters / 4). A stream
 * runs like a chat-flow: `workflow_started`, `node_started`/`node_finished` of its nodes, one
 * `message` event per chunk, `workflow_finished`, `message_end` with usage, pings between. Dify
 * requests carry no model: the controls come from a suffix of `user` (e.g. `u@chunks=5`).
 */
export const DIFY_MOCK_WORKFLOW_ID = 'mock-workflow';
/** The node titles a streamed answer walks through, in order. */
export const DIFY_MOCK_NODES = ['Start', 'LLM', 'Answer'] as const;

const FILE_ID_PREFIX = 'dify-file-';

function difyError(context: RouteContext, status: number, code: string, message: string): void {
  context.response.writeHead(status, { 'content-type': 'application/json' });
  context.response.end(JSON.stringify({ code, message, status }));
}

/** True when the bearer key is present; else answers Dify's 401. */
function authorized(context: RouteContext): boolean {
  const header = context.request.headers.authorization ?? '';
  if (/^Bearer \S+$/.test(header)) return true;
  difyError(
    context,
    401,
    'unauthorized',
    'Authorization header must be provided and start with Bearer',
  );
  return false;
}

/** Why a `files` entry is refused, or undefined when it is good. */
function fileProblem(file: unknown): string | undefined {
  if (!isRecord(file) || file.type !== 'image') return 'files: only images are supported';
  if (file.transfer_method === 'remote_url') {
    return /^https?:\/\//.test(readString(file, 'url') ?? '') ? undefined : 'files: bad url';
  }
  if (file.transfer_method === 'local_file') {
    const id = readString(file, 'upload_file_id') ?? '';
    return id.startsWith(FILE_ID_PREFIX) ? undefined : `files: unknown upload_file_id "${id}"`;
  }
  return 'files: transfer_method must be remote_url or local_file';
}

function requestProblem(body: JsonRecord): string | undefined {
  if (!isRecord(body.inputs)) return 'inputs is required';
  if (!readString(body, 'query')) return 'query is required';
  if (body.response_mode !== 'blocking' && body.response_mode !== 'streaming') {
    return 'response_mode must be blocking or streaming';
  }
  if (!readString(body, 'user')) return 'user is required';
  for (const file of readArray(body, 'files') ?? []) {
    const problem = fileProblem(file);
    if (problem) return problem;
  }
  return undefined;
}

function usage(context: RouteContext, query: string): JsonRecord | undefined {
  if (context.controls.omitUsage) return undefined;
  const prompt = promptTokensForCharacters(query.length);
  const completion = completionTokens(context.controls.chunks);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
  };
}

export function handleDifyChat(context: RouteContext): void {
  if (!authorized(context)) return;
  const { body } = context;
  const problem = requestProblem(body);
  if (problem) return difyError(context, 400, 'invalid_param', problem);
  const query = readString(body, 'query')!;
  const conversationId = readString(body, 'conversation_id') || context.nextId('conv-');
  const messageId = context.nextId('msg-');
  const created = Math.floor(Date.now() / 1000);
  const metadata = { usage: usage(context, query) };
  if (body.response_mode === 'blocking') {
    sendJson(context, 200, {
      event: 'message',
      task_id: context.nextId('task-'),
      id: messageId,
      message_id: messageId,
      conversation_id: conversationId,
      mode: 'advanced-chat',
      answer: replyText(context.controls.chunks),
      metadata,
      created_at: created,
    });
    return;
  }
  const event = (fields: JsonRecord) =>
    dataEvent(
      JSON.stringify({
        ...fields,
        conversation_id: conversationId,
        message_id: messageId,
        created_at: created,
      }),
    );
  const runId = context.nextId('run-');
  const node = (kind: 'node_started' | 'node_finished', index: number) =>
    event({
      event: kind,
      workflow_run_id: runId,
      data: {
        id: `${runId}-node-${index}`,
        node_id: `node-${index}`,
        node_type: DIFY_MOCK_NODES[index]!.toLowerCase(),
        title: DIFY_MOCK_NODES[index],
        index: index + 1,
        ...(kind === 'node_finished' ? { status: 'succeeded' } : {}),
      },
    });
  const plan: StreamPlan = {
    head:
      event({
        event: 'workflow_started',
        workflow_run_id: runId,
        data: { id: runId, workflow_id: DIFY_MOCK_WORKFLOW_ID, sequence_number: 1 },
      }) +
      node('node_started', 0) +
      node('node_finished', 0) +
      'event: ping\n\n' +
      node('node_started', 1),
    content: Array.from({ length: context.controls.chunks }, (_, index) =>
      event({ event: 'message', id: messageId, answer: chunkText(index) }),
    ),
    tail:
      node('node_finished', 1) +
      node('node_started', 2) +
      node('node_finished', 2) +
      event({
        event: 'workflow_finished',
        workflow_run_id: runId,
        data: { id: runId, workflow_id: DIFY_MOCK_WORKFLOW_ID, status: 'succeeded' },
      }) +
      event({ event: 'message_end', id: messageId, metadata }),
    malformedEvent: 'data: {"event": "message", "answer": \n\n',
    errorEvent: event({
      event: 'error',
      status: 400,
      code: 'completion_request_error',
      message: 'Mock upstream error in the middle of the stream',
    }),
  };
  writeEventStream(context, plan);
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/gif']);

export function handleDifyUpload(context: RouteContext): void {
  if (!authorized(context)) return;
  const form = context.form;
  const file = form?.files.find((entry) => entry.field === 'file');
  if (!form || !file)
    return difyError(context, 400, 'no_file_uploaded', 'Please upload your file.');
  if (!form.fields.user) return difyError(context, 400, 'invalid_param', 'user is required');
  if (!IMAGE_TYPES.has(file.contentType ?? '')) {
    return difyError(context, 415, 'unsupported_file_type', 'File type not allowed.');
  }
  const extension = file.filename.includes('.') ? file.filename.split('.').pop()! : '';
  context.response.writeHead(201, { 'content-type': 'application/json' });
  context.response.end(
    JSON.stringify({
      id: context.nextId(FILE_ID_PREFIX),
      name: file.filename,
      size: file.size,
      extension,
      mime_type: file.contentType,
      created_by: form.fields.user,
      created_at: Math.floor(Date.now() / 1000),
    }),
  );
}
