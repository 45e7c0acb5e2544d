import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_CATALOGUE, type OptionDefinition } from '../../src/options/option-catalogue.js';
import { isSecretOption } from '../../src/options/public-options.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';

/**
 * Every key of the catalogue goes through `PUT /api/option/` twice: a value an operator may mean is
 * saved and read back, and a value of the wrong kind is refused with a message and leaves the
 * stored value as it was. The values are derived from each key's kind and checks, so a key added
 * to the catalogue is covered without touching this file.
 */

/** Switches that need another option filled in before they can be turned on. */
const PREREQUISITES: Record<string, string> = {
  GitHubClientId: 'github-client',
  LinuxDOClientId: 'linuxdo-client',
  WeChatServerAddress: 'https://wechat.example.com',
  TelegramBotToken: '123:telegram-token',
  TurnstileSiteKey: 'turnstile-site',
  'oidc.client_id': 'oidc-client',
  'discord.client_id': 'discord-client',
};

/** Free-form strings whose checks need a specific shape. */
const SHAPED_STRINGS: Record<string, string> = {
  EmailDomainWhitelist: 'example.com,example.org',
  DataExportDefaultTime: 'day',
  Logo: 'https://cdn.example.com/logo.png',
  WeChatAccountQRCodeImageURL: 'data:image/png;base64,AAAA',
  LimitTimeZone: 'Asia/Shanghai',
  CreemProducts:
    '[{"productId":"prod_1","name":"Starter","price":4.99,"currency":"USD","quota":1000}]',
  'passkey.user_verification': 'required',
  'passkey.attachment_preference': 'platform',
};

function goodValue(definition: OptionDefinition): string {
  const { key, kind, defaultValue } = definition;
  switch (kind) {
    case 'boolean':
      return defaultValue === 'true' ? 'false' : 'true';
    case 'integer':
      return String(Number(defaultValue) + 1);
    case 'number':
      return String(Number(defaultValue) / 2);
    case 'json-object':
    case 'json-array':
      // Same content, new text: the read-back proves the save reached the store.
      return JSON.stringify(JSON.parse(defaultValue), null, 1) + '\n';
    case 'text':
      return `${key} line one\nline two`;
    case 'string':
      if (SHAPED_STRINGS[key]) return SHAPED_STRINGS[key];
      if (PREREQUISITES[key]) return PREREQUISITES[key];
      // URL-checked keys accept a URL; other strings accept any text, a URL included.
      return `https://${key.toLowerCase().replace(/[^a-z]/g, '')}.example.com/path`;
  }
}

/** A value each kind must refuse, with the part of the message that names the fault. */
function badValue(definition: OptionDefinition): { value: unknown; message: RegExp } {
  const { key, kind } = definition;
  switch (kind) {
    case 'boolean':
      return { value: 'yes', message: new RegExp(`${escape(key)} 的值必须是 true 或 false`) };
    case 'integer':
      return { value: '1.5', message: new RegExp(`${escape(key)} 的值必须是整数`) };
    case 'number':
      return { value: 'twelve', message: new RegExp(`${escape(key)} 的值必须是数字`) };
    case 'json-object':
      return { value: '{"unclosed": ', message: new RegExp(`${escape(key)} 不是合法的 JSON`) };
    case 'json-array':
      return { value: '{}', message: new RegExp(`${escape(key)} 必须是 JSON 数组`) };
    case 'text':
    case 'string':
      // Any text is a string; what is refused is a value that is not text at all.
      return { value: { nested: 'object' }, message: /value/ };
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('every option key', () => {
  let harness: TestApp;
  let root: Session;
  beforeAll(async () => {
    harness = await createTestApp('sqlite');
    root = await harness.setupRoot();
    for (const [key, value] of Object.entries(PREREQUISITES)) {
      expect((await harness.call(root, 'PUT', '/api/option/', { key, value })).json()).toEqual({
        success: true,
        message: '',
      });
    }
  });
  afterAll(async () => {
    await harness?.close();
  });

  const listed = async () =>
    new Map(
      (
        (await harness.call(root, 'GET', '/api/option/')).json().data as Array<{
          key: string;
          value: string;
        }>
      ).map((option) => [option.key, option.value]),
    );

  it.each([...OPTION_CATALOGUE.values()].map((definition) => [definition.key, definition]))(
    '%s',
    async (key, definition) => {
      const good = goodValue(definition);
      const saved = await harness.call(root, 'PUT', '/api/option/', { key, value: good });
      expect(saved.json(), `${key}=${good}`).toMatchObject({ success: true });
      const hidden = isSecretOption(key);
      expect((await listed()).get(key), key).toBe(hidden ? undefined : good);

      const bad = badValue(definition);
      const refused = await harness.call(root, 'PUT', '/api/option/', { key, value: bad.value });
      expect(refused.statusCode, key).toBe(200);
      expect(refused.json().success, key).toBe(false);
      expect(refused.json().message, key).toMatch(bad.message);
      if (!hidden) expect((await listed()).get(key), key).toBe(good);
    },
  );

  it('keeps secrets write-only and saved', async () => {
    const secrets = [...OPTION_CATALOGUE.values()].filter((definition) => definition.secret);
    expect(secrets.length).toBeGreaterThan(5);
    const options = await listed();
    for (const { key } of secrets) {
      expect(options.has(key), key).toBe(false);
      expect(harness.runtime.context.options.get(key), key).toBe(
        goodValue(OPTION_CATALOGUE.get(key)!),
      );
    }
  });
});
