import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * How a platform writes the S256 challenge: RFC 7636 says base64url of SHA-256(verifier) (Instagram, as OAuth
 * servers do); TikTok's Login Kit documentation says the hex encoding of SHA-256(verifier) (decision 018).
 */
export type PkceEncoding = 'base64url' | 'hex';

/** The S256 challenge for a verifier, in the platform's encoding. */
export const pkceChallenge = (verifier: string, encoding: PkceEncoding) =>
  createHash('sha256').update(verifier).digest(encoding);

/** A 43-character verifier (unreserved characters only) and its S256 challenge in the platform's encoding. */
export function pkcePair(encoding: PkceEncoding): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier, encoding) };
}

/** An unguessable `state` binding the consent screen's answer to the pending verification that asked for it. */
export const newState = () => randomBytes(24).toString('base64url');

/**
 * Tokens at rest: AES-256-GCM with a key derived from AUTH_SECRET (HKDF, its own label), so a database dump alone
 * gives nobody a creator's TikTok or Instagram session. Format `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export function createTokenBox(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'influence', 'social-oauth-tokens v1', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join(
        '.',
      );
    },
    /** Null when the box was sealed with another secret (AUTH_SECRET rotated) or tampered with. */
    open(sealed: string | null | undefined): string | null {
      if (!sealed) return null;
      const [v, iv, tag, ct] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || ct === undefined) return null;
      try {
        const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        d.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type TokenBox = ReturnType<typeof createTokenBox>;

/** Tokens as our clients hand them back, whatever the platform calls the fields. */
export type OAuthTokens = {
  accessToken: string;
  /** Instagram has none: its long-lived token refreshes itself. */
  refreshToken: string | null;
  expiresAt: Date;
  refreshExpiresAt: Date | null;
  /** TikTok open_id / Instagram user id, when the token answer names it. */
  accountId: string | null;
};
