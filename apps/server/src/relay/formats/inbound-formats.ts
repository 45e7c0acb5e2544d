import type { WireFormat } from '../../providers/provider-adaptor.js';
import type { InboundFormat, InboundRoute } from './format-spec.js';
import { messagesFormat } from './anthropic/messages-format.js';
import { geminiGenerateFormat } from './gemini/gemini-format.js';
import { openAiFormat } from './openai/openai-format.js';
import { responsesFormat } from './openai-responses/responses-format.js';

/** Every inbound format by id: a new format is a folder and a line here. */
export const INBOUND_FORMATS: Readonly<Partial<Record<WireFormat, InboundFormat>>> = {
  openai: openAiFormat,
  'openai-responses': responsesFormat,
  'anthropic-messages': messagesFormat,
  gemini: geminiGenerateFormat,
};

/** A format's fixed POST path, with the format that serves it. */
export interface InboundFormatRoute extends InboundRoute {
  readonly format: InboundFormat;
}

/** Every format's fixed POST paths (`InboundFormat.routes`), by path. */
export const INBOUND_ROUTES: ReadonlyMap<string, InboundFormatRoute> = new Map(
  Object.values(INBOUND_FORMATS).flatMap((format) =>
    (format.routes ?? []).map((route) => [route.path, { ...route, format }] as const),
  ),
);
