import { describe, expect, it } from 'vitest';
import {
  customOAuthRequestOf,
  customOAuthValuesOf,
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
});
