import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@zapdesk/core';
import { createSecretBox, type SecretBox } from '../../platform/channels/baileys/secret-box';
import { platform } from '../../platform/index';

/**
 * The token secret: `zd_live_` + 256 random bits (base64url). Stored as its SHA-256 (lookup; a 256-bit random secret
 * needs no slow hash) and sealed with AES-256-GCM (reveal). The sealing key is HKDF-derived from ENCRYPTION_KEY
 * (else JWT_SECRET) with its own purpose label, so it is not the WhatsApp session key. Rotating that secret leaves
 * tokens working (the hash is unkeyed) but no longer revealable (docs/DECISIONS.md "Message API").
 */
export function newSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

const boxes = new WeakMap<object, SecretBox>();
function box(): SecretBox {
  const p = platform();
  let b = boxes.get(p);
  if (!b) {
    b = createSecretBox(p.env.encryptionKey ?? p.env.jwtSecret, 'zapdesk/api-token');
    boxes.set(p, b);
  }
  return b;
}

/** AAD binds the ciphertext to its company and hash: copied onto another row, it fails to open. */
const aad = (companyId: number, tokenHash: string) => `api-token:${companyId}:${tokenHash}`;

export const sealSecret = (companyId: number, tokenHash: string, secret: string) =>
  box().seal(secret, aad(companyId, tokenHash));
export const openSecret = (companyId: number, tokenHash: string, sealed: string) =>
  box().open(sealed, aad(companyId, tokenHash));
