import { createSign, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyCallbackSignature } from './bog-signature.ts';

const pem = () => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const bank = pem();
const other = pem();
const body = '{"event":"order_payment","zoned_request_time":"2026-11-21T10:00:00.000000Z","body":{"order_id":"a"}}';
const sign = (text: string, key = bank.privateKey) => createSign('RSA-SHA256').update(text).sign(key, 'base64');

describe('verifyCallbackSignature', () => {
  it('accepts the exact body signed by the bank, as a Buffer or a string', () => {
    const signature = sign(body);
    expect(verifyCallbackSignature(body, signature, bank.publicKey)).toBe('valid');
    expect(verifyCallbackSignature(Buffer.from(body), signature, bank.publicKey)).toBe('valid');
  });

  it('refuses a tampered body, even one that parses to the same JSON', () => {
    const signature = sign(body);
    expect(verifyCallbackSignature(body.replace('"a"', '"b"'), signature, bank.publicKey)).toBe('invalid');
    expect(verifyCallbackSignature(JSON.stringify(JSON.parse(body), null, 1), signature, bank.publicKey)).toBe(
      'invalid',
    );
  });

  it('refuses a signature made with another key', () => {
    expect(verifyCallbackSignature(body, sign(body, other.privateKey), bank.publicKey)).toBe('invalid');
  });

  it('reports a missing or empty header as missing, and garbage as invalid', () => {
    expect(verifyCallbackSignature(body, undefined, bank.publicKey)).toBe('missing');
    expect(verifyCallbackSignature(body, '  ', bank.publicKey)).toBe('missing');
    expect(verifyCallbackSignature(body, 'not base64!', bank.publicKey)).toBe('invalid');
    expect(verifyCallbackSignature(body, 'AAAA', bank.publicKey)).toBe('invalid');
  });

  it('accepts a URL-encoded signature, and one whose + a proxy turned into spaces', () => {
    const signature = sign(body); // 256 bytes: always ends with '==', so URL-encoding changes it
    expect(encodeURIComponent(signature)).not.toBe(signature);
    expect(verifyCallbackSignature(body, encodeURIComponent(signature), bank.publicKey)).toBe('valid');
    // find a body whose signature has a '+' (almost any does)
    let text = body;
    while (!sign(text).includes('+')) text += ' ';
    expect(verifyCallbackSignature(text, sign(text).replace(/\+/g, ' '), bank.publicKey)).toBe('valid');
  });

  it('throws on a malformed public key (configuration, not a bad callback)', () => {
    expect(() => verifyCallbackSignature(body, sign(body), 'not a key')).toThrow();
  });
});
