import { createVerify } from 'node:crypto';

export type SignatureCheck = 'valid' | 'invalid' | 'missing';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The signature bytes from the header: base64, or base64 that a proxy URL-encoded (%2B, %2F, %3D) or turned '+' into ' '. */
function decodeSignature(header: string): Buffer | null {
  const candidates = [header.trim()];
  if (header.includes('%')) {
    try {
      candidates.push(decodeURIComponent(header.trim()));
    } catch {
      // not URL-encoded after all
    }
  }
  for (const candidate of candidates) {
    const text = candidate.replace(/ /g, '+');
    if (text && BASE64.test(text)) return Buffer.from(text, 'base64');
  }
  return null;
}

/**
 * Checks a callback's `Callback-Signature` (SHA256withRSA over the exact raw body, base64) against the bank's public
 * key. Verify the raw bytes before parsing them: re-serialised JSON would not match. A malformed public key throws
 * (a configuration error, not a bad callback).
 */
export function verifyCallbackSignature(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  publicKeyPem: string,
): SignatureCheck {
  if (!signatureHeader?.trim()) return 'missing';
  const signature = decodeSignature(signatureHeader);
  if (!signature) return 'invalid';
  const verifier = createVerify('RSA-SHA256');
  verifier.update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody);
  return verifier.verify(publicKeyPem, signature) ? 'valid' : 'invalid';
}
