import { describe, expect, it } from 'vitest';
import { VolcengineSigner, volcengineSignerFor } from './volcengine-signer.js';

describe('VolcengineSigner', () => {
  it('signs Volcengine’s documented example exactly (IAM ListUsers, 2020-12-30)', async () => {
    // The signature example of Volcengine's signing documentation: its demo key pair, request and
    // the Authorization it gives.
    const signer = new VolcengineSigner(
      'AKLTMjI2ODVlYzI3ZGY1NGU4ZjhjYWRjMTlmNTM5OTZkYzE',
      'TnpCak5XWXpZV1U0WkRaaE5ERmxaR0ZpTmpjeVkyUXlZek0wTWpJMU1qWQ==',
      'iam',
    );
    const headers = await signer.sign(
      'GET',
      'https://iam.volcengineapi.com/?Action=ListUsers&Version=2018-01-01&Limit=10&Offset=0',
      { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      '',
      new Date('2020-12-30T08:18:05Z'),
    );
    expect(headers).toEqual({
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      'x-date': '20201230T081805Z',
      'x-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      authorization:
        'HMAC-SHA256 Credential=AKLTMjI2ODVlYzI3ZGY1NGU4ZjhjYWRjMTlmNTM5OTZkYzE/20201230/cn-north-1/iam/request, ' +
        'SignedHeaders=content-type;host;x-content-sha256;x-date, ' +
        'Signature=28eeabbbd726b87002e0fe58ad8c1c768e619b06e2646f35b6ad7ed029a6d8a7',
    });
  });

  it('signs the body and the service cv, and refuses a key that is not two parts', async () => {
    const signer = volcengineSignerFor(' AK | SK ');
    const url =
      'https://visual.volcengineapi.com/?Action=CVSync2AsyncSubmitTask&Version=2022-08-31';
    const date = new Date('2026-11-28T10:00:00Z');
    const one = await signer.sign('POST', url, {}, '{"a":1}', date);
    const other = await signer.sign('POST', url, {}, '{"a":2}', date);
    expect(one.authorization).toMatch(
      /^HMAC-SHA256 Credential=AK\/20261128\/cn-north-1\/cv\/request, /,
    );
    expect(one.authorization).not.toBe(other.authorization);
    expect(() => volcengineSignerFor('only-one-part')).toThrow('AccessKeyID|SecretAccessKey');
  });
});
