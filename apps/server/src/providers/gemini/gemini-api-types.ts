/**
 * The parts of Gemini's API (`generativelanguage.googleapis.com/v1beta`, and Vertex AI's
 * `publishers/google` models) that Tollgate reads and writes: GenerateContentRequest and
 * GenerateContentResponse, embeddings and Imagen predictions. The provider adaptor sends these
 * and the Gemini inbound format accepts them from clients; what comes from upstream is checked
 * with the zod schemas in `gemini-wire-schemas.ts`.
 */

export interface GeminiInlineData {
  mimeType?: string;
  data?: string;
}

export interface GeminiFunctionCall {
  id?: string;
  name?: string;
  args?: Record<string, unknown>;
}

export interface GeminiFunctionResponse {
  id?: string;
  name?: string;
  response?: unknown;
}

export interface GeminiPart {
  text?: string;
  /** A thought summary (model turns only). */
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: GeminiInlineData;
  executableCode?: { language?: string; code?: string };
  codeExecutionResult?: { outcome?: string; output?: string };
  fileData?: { mimeType?: string; fileUri?: string };
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
}

export interface GeminiContent {
  role?: string;
  parts?: GeminiPart[];
}

export interface GeminiFunctionDeclaration {
  name?: string;
  description?: string;
  parameters?: unknown;
  parametersJsonSchema?: unknown;
}

export interface GeminiTool {
  functionDeclarations?: GeminiFunctionDeclaration[];
  [other: string]: unknown;
}

export interface GeminiGenerationConfig {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  candidateCount?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  responseMimeType?: string;
  responseSchema?: unknown;
  responseJsonSchema?: unknown;
  thinkingConfig?: { thinkingBudget?: number; includeThoughts?: boolean; thinkingLevel?: string };
  /** `["TEXT","IMAGE"]` for models that draw (gemini.supported_imagine_models). */
  responseModalities?: string[];
}

/** One safety setting: a harm category and the threshold that blocks it. */
export interface GeminiSafetySetting {
  category: string;
  threshold: string;
}

export interface GeminiRequest {
  contents?: GeminiContent[];
  systemInstruction?: GeminiContent | string;
  generationConfig?: GeminiGenerationConfig;
  tools?: GeminiTool[];
  toolConfig?: {
    functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] };
  };
  safetySettings?: GeminiSafetySetting[];
  cachedContent?: string;
}

export interface GeminiUsageMetadata {
  promptTokenCount: number;
  candidatesTokenCount: number;
  totalTokenCount: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
}

export interface GeminiCandidate {
  content: { role: 'model'; parts: GeminiPart[] };
  finishReason?: string;
  index: number;
}

export interface GeminiResponse {
  candidates: GeminiCandidate[];
  usageMetadata?: GeminiUsageMetadata;
  modelVersion: string;
  responseId?: string;
}
