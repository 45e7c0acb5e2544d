import { describe, expect, it } from 'vitest';
import {
  appendToReply,
  buildChatRequest,
  failedResponseMessage,
  finishReply,
  parseMaxTokens,
  readStreamEvent,
  startExchange,
  type ChatMessage,
  type ChatSettings,
} from './chat-messages';

const settings: ChatSettings = {
  model: 'gpt-4o-mini',
  group: 'default',
  temperature: 0.7,
  maxTokens: '256',
  systemPrompt: 'Be brief.',
};

const statuses = (messages: ChatMessage[]) => messages.map((message) => message.status);

describe('playground messages', () => {
  it('goes loading → incomplete → complete as text streams in', () => {
    let messages = startExchange([], 'Hi');
    expect(statuses(messages)).toEqual([undefined, 'loading']);
    messages = appendToReply(messages, 'Hel');
    messages = appendToReply(messages, 'lo');
    expect(messages[1]).toMatchObject({ content: 'Hello', status: 'incomplete' });
    messages = finishReply(messages);
    expect(messages[1].status).toBe('complete');
    // A closed reply takes no more text and keeps its state.
    expect(appendToReply(messages, '!')[1].content).toBe('Hello');
    expect(finishReply(messages, { error: 'late' })[1].status).toBe('complete');
  });

  it('appends the error to the reply and marks it', () => {
    let messages = appendToReply(startExchange([], 'Hi'), 'Partial');
    messages = finishReply(messages, { error: 'upstream failed' });
    expect(messages[1]).toMatchObject({ content: 'Partial\n\nupstream failed', status: 'error' });
    expect(finishReply(startExchange([], 'x'), { error: 'boom' })[1].content).toBe('boom');
  });

  it('builds the request with the system prompt and without failed replies', () => {
    let history = finishReply(appendToReply(startExchange([], 'first'), 'answer'));
    history = finishReply(startExchange(history, 'second'), { error: 'failed' });
    history = startExchange(history, 'third');
    expect(buildChatRequest(history, settings)).toEqual({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'answer' },
        { role: 'user', content: 'second' },
        { role: 'user', content: 'third' },
      ],
      stream: true,
      model: 'gpt-4o-mini',
      group: 'default',
      max_tokens: 256,
      temperature: 0.7,
    });
    const bare = buildChatRequest([], { ...settings, systemPrompt: '  ', maxTokens: 'lots' });
    expect(bare.messages).toEqual([]);
    expect(bare.max_tokens).toBe(0);
  });

  it('parses max tokens as an integer', () => {
    expect(parseMaxTokens('100.9')).toBe(100);
    expect(parseMaxTokens('-5')).toBe(0);
    expect(parseMaxTokens('')).toBe(0);
  });

  it('reads stream events', () => {
    expect(readStreamEvent('[DONE]')).toEqual({ kind: 'done' });
    expect(readStreamEvent('{"choices":[{"delta":{"content":"Hi"}}]}')).toEqual({
      kind: 'text',
      text: 'Hi',
    });
    expect(readStreamEvent('{"choices":[{"delta":{"role":"assistant"}}]}')).toBeNull();
    expect(readStreamEvent('{"choices":[],"usage":{"total_tokens":3}}')).toBeNull();
    expect(readStreamEvent('{"error":{"message":"quota exceeded"}}')).toEqual({
      kind: 'error',
      message: 'quota exceeded',
    });
    expect(readStreamEvent('not json')).toBeNull();
  });

  it('explains failed answers', () => {
    expect(
      failedResponseMessage(403, '{"error":{"message":"无权访问该分组","type":"new_api_error"}}'),
    ).toBe('无权访问该分组');
    expect(failedResponseMessage(401, '{"success":false,"message":"未登录"}')).toBe('未登录');
    expect(failedResponseMessage(502, '')).toBe('HTTP 502');
    expect(failedResponseMessage(500, 'Bad gateway')).toBe('Bad gateway');
  });
});
