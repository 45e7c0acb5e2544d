import { openAiJsonAnswer } from '../../../providers/openai-json-answer.js';
import type {
  ConvertedResponse,
  InternalAnswer,
  RelayCallInput,
} from '../../../providers/provider-adaptor.js';

/** An internal answer for an OpenAI client: the completion object is already OpenAI's shape. */
export function writeOpenAiAnswer(
  _input: RelayCallInput,
  answer: InternalAnswer,
): ConvertedResponse {
  return openAiJsonAnswer(answer);
}
