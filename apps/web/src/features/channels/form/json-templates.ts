/** Examples and templates of the channel form's JSON fields. */

export const modelMappingExample = JSON.stringify(
  { 'gpt-3.5-turbo': 'gpt-3.5-turbo-0125' },
  null,
  2,
);

export const statusCodeMappingExample = JSON.stringify({ '400': '500' }, null, 2);

export const settingExample = JSON.stringify({ force_format: true }, null, 2);

export const settingTemplate = JSON.stringify(
  { force_format: false, thinking_to_content: false, proxy: '' },
  null,
  2,
);

export const paramOverrideExample = JSON.stringify({ temperature: 0 }, null, 2);

/** Vertex AI region map: a default region plus per-model regions. */
export const vertexRegionTemplate = JSON.stringify(
  { default: 'us-central1', 'claude-3-5-sonnet-20240620': 'europe-west1' },
  null,
  2,
);
