import { describe, expect, it } from 'vitest';
import {
  customOAuthRequestOf,
  customOAuthValuesOf,
  isMappingText,
  isProxyEntry,
  newCustomOAuthValues,
} from './custom-oauth-form-values';

describe('custom OAuth provider form values', () => {
  it('starts an edit with an empty secret and drops the read-only fields', () => {
    const values = customOAuthValuesOf({
      ...newCustomOAuthValues(),
      id: 4,
      name: 'Acme',
      slug: 'acme',
      has_client_secret: true,
      created_at: 1,
      updated_at: 2,
    } as never);
    expect(values.client_secret).toBe('');
    expect(values).not.toHaveProperty('id');
    expect(values).not.toHaveProperty('has_client_secret');
    expect(values.name).toBe('Acme');
  });

  it('trims text and lower-cases the slug', () => {
    const request = customOAuthRequestOf({
      ...newCustomOAuthValues(),
      name: ' Acme ',
      slug: ' Acme-SSO ',
      enabled: true,
    });
    expect(request).toMatchObject({ name: 'Acme', slug: 'acme-sso', enabled: true });
  });

  it('edits the trusted proxies one a line and sends them as a JSON array', () => {
    const values = customOAuthValuesOf({
      ...newCustomOAuthValues(),
      id: 5,
      has_client_secret: false,
      created_at: 1,
      updated_at: 2,
      trusted_proxy_cidrs: '["10.0.0.0/8","::1"]',
    } as never);
    expect(values.trusted_proxy_cidrs).toBe('10.0.0.0/8\n::1');
    const request = customOAuthRequestOf({
      ...values,
      trusted_proxy_cidrs: ' 10.0.0.0/8 \n\n::1, 192.168.1.7 ',
    });
    expect(JSON.parse(request.trusted_proxy_cidrs)).toEqual(['10.0.0.0/8', '::1', '192.168.1.7']);
    expect(customOAuthRequestOf({ ...values, trusted_proxy_cidrs: ' ' }).trusted_proxy_cidrs).toBe(
      '',
    );
  });

  it('tells addresses and ranges from anything else', () => {
    for (const entry of ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '::ffff:10.0.0.1']) {
      expect(isProxyEntry(entry)).toBe(true);
    }
    for (const entry of [
      '0.0.0.0/0',
      '::/0',
      '256.1.1.1',
      '10.0.0.0/33',
      'example.com',
      '1.2.3.4/8/8',
    ]) {
      expect(isProxyEntry(entry)).toBe(false);
    }
  });

  it('accepts a mapping that is a JSON object of texts', () => {
    expect(isMappingText('')).toBe(true);
    expect(isMappingText('{"eng": "vip", "ops": 10}')).toBe(true);
    expect(isMappingText('["vip"]')).toBe(false);
    expect(isMappingText('{"eng": {"nested": 1}}')).toBe(false);
    expect(isMappingText('{oops')).toBe(false);
  });
});
