import { describe, expect, it } from 'vitest';
import {
  apiKeyOf,
  chatTemplateAt,
  fillChatTemplate,
  isSafeLink,
  isWebLink,
  legacyChatLink,
  serverAddressOf,
} from './chat-link';

const chats = [
  { 'ChatGPT Next Web': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
  { OpenCat: 'opencat://team/join?domain={address}&token={key}' },
  { Broken: 42 },
];

describe('chat links', () => {
  it('picks a template by index from the stored list', () => {
    expect(chatTemplateAt(chats, 1)).toEqual({
      name: 'OpenCat',
      template: 'opencat://team/join?domain={address}&token={key}',
    });
    expect(chatTemplateAt(chats, 2)).toBeNull();
    expect(chatTemplateAt(chats, 7)).toBeNull();
    expect(chatTemplateAt(chats, -1)).toBeNull();
    expect(chatTemplateAt('not a list', 0)).toBeNull();
  });

  it('fills the encoded address and the sk- key', () => {
    const template = chatTemplateAt(chats, 0)!.template;
    expect(fillChatTemplate(template, 'https://gw.example.com', 'abc123')).toBe(
      'https://app.nextchat.dev/#/?settings={"key":"sk-abc123","url":"https%3A%2F%2Fgw.example.com"}',
    );
    expect(apiKeyOf('sk-already')).toBe('sk-already');
  });

  it('builds the legacy chat link with plain settings', () => {
    expect(legacyChatLink('https://chat.example.com/', 'https://gw.example.com', 'k1')).toBe(
      'https://chat.example.com/#/?settings={"key":"sk-k1","url":"https://gw.example.com"}',
    );
  });

  it('tells web links, app links and unsafe links apart', () => {
    expect(isWebLink('https://a.example')).toBe(true);
    expect(isWebLink('opencat://x')).toBe(false);
    expect(isSafeLink('opencat://x')).toBe(true);
    expect(isSafeLink(' JavaScript:alert(1)')).toBe(false);
    expect(isSafeLink('data:text/html,hi')).toBe(false);
    expect(isSafeLink('relative/path')).toBe(false);
  });

  it('uses the configured server address, else this site', () => {
    expect(serverAddressOf('https://gw.example.com', 'http://localhost:3000')).toBe(
      'https://gw.example.com',
    );
    expect(serverAddressOf('  ', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(serverAddressOf(undefined, 'http://localhost:3000')).toBe('http://localhost:3000');
  });
});
