/** The console API's response envelope. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data?: T;
}

export function ok<T>(data?: T, message = ''): Envelope<T> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}

export function fail(message: string): Envelope<never> {
  return { success: false, message };
}

/** The OpenAI-style error body used on `/v1` and for unknown API paths. */
export function openAiError(message: string, type: string, code = '', param = '') {
  return { error: { message, type, param, code } };
}
