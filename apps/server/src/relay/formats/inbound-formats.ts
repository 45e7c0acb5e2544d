import type { WireFormat } from '../../providers/provider-adaptor.js';
import type { InboundFormat } from './format-spec.js';
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
