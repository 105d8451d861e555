import { describe, expect, it } from 'vitest';
import { aliyunSendSmsQuery, aliyunSignedQuery, createAliyunSms } from './sms.ts';

describe('Aliyun RPC signature', () => {
  it('reproduces the example of Aliyun’s signature documentation (DescribeRegions, testid/testsecret)', () => {
    const query = aliyunSignedQuery(
      {
        AccessKeyId: 'testid',
        Action: 'DescribeRegions',
        Format: 'XML',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
        SignatureVersion: '1.0',
        Timestamp: '2016-02-23T12:46:24Z',
        Version: '2014-05-26',
      },
      'testsecret',
    );
    const params = new URLSearchParams(query);
    expect(params.get('Signature')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
    // The documented canonical query, in sorted order, with RFC 3986 encoding.
    expect(query).toBe(
      'Signature=OLeaidS1JvxuMvnyHOwuJ%2BuX5qY%3D&AccessKeyId=testid&Action=DescribeRegions&Format=XML&SignatureMethod=HMAC-SHA1&SignatureNonce=3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf&SignatureVersion=1.0&Timestamp=2016-02-23T12%3A46%3A24Z&Version=2014-05-26',
    );
  });

  it('signs SendSms with the template, the code and a second-precision timestamp', () => {
    const config = { accessKeyId: 'id', accessKeySecret: 'secret', signName: '金砂', templateCode: 'SMS_1' };
    const message = { phone: '13800138000', code: '123456', purpose: 'signup' };
    const at = new Date('2026-01-02T03:04:05.678Z');
    const query = aliyunSendSmsQuery(config, message, at, 'nonce-1');
    const params = new URLSearchParams(query);
    expect(params.get('Action')).toBe('SendSms');
    expect(params.get('PhoneNumbers')).toBe('13800138000');
    expect(params.get('SignName')).toBe('金砂');
    expect(params.get('TemplateParam')).toBe('{"code":"123456"}');
    expect(params.get('Timestamp')).toBe('2026-01-02T03:04:05Z');
    // Deterministic for the same input; another secret gives another signature.
    expect(aliyunSendSmsQuery(config, message, at, 'nonce-1')).toBe(query);
    const other = aliyunSendSmsQuery({ ...config, accessKeySecret: 'other' }, message, at, 'nonce-1');
    expect(new URLSearchParams(other).get('Signature')).not.toBe(params.get('Signature'));
  });

  it('sends through the endpoint and fails loudly on a provider error', async () => {
    const seen: string[] = [];
    const reply = (body: unknown) => async (url: string | URL | Request) => {
      seen.push(String(url));
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const config = { accessKeyId: 'id', accessKeySecret: 'secret', signName: '金砂', templateCode: 'SMS_1' };
    const message = { phone: '13800138000', code: '654321', purpose: 'restpwd' };
    await createAliyunSms({ ...config, endpoint: 'https://sms.test/', fetch: reply({ Code: 'OK' }) }).send(message);
    expect(seen[0]).toMatch(/^https:\/\/sms\.test\/\?Signature=/);
    await expect(
      createAliyunSms({
        ...config,
        endpoint: 'https://sms.test/',
        fetch: reply({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' }),
      }).send(message),
    ).rejects.toThrow(/isv\.BUSINESS_LIMIT_CONTROL/);
  });
});
