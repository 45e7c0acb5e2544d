import type { ConvertedResponse, InternalAnswer } from './provider-adaptor.js';

/**
 * An internal answer as an OpenAI client receives it: the completion object, already in OpenAI's
 * shape, as JSON, with the usage and generated text read from it.
 */
export function openAiJsonAnswer(answer: InternalAnswer): ConvertedResponse {
  return {
    body: JSON.stringify(answer.completion),
    contentType: 'application/json',
    usage: answer.usage,
    completionText: answer.completionText,
  };
}
