import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for WhatsApp session keys at rest. The 32-byte key is derived with HKDF-SHA256 from the server
 * secret (ENCRYPTION_KEY, else JWT_SECRET), so a leaked database dump alone cannot hijack a number.
 * The additional data binds a ciphertext to its row (`<whatsappId>:<key>`): copying one connection's creds onto
 * another row fails authentication instead of silently cloning a session.
 */
export type SecretBox = {
  seal(plaintext: string, aad: string): string;
  /** throws when the value was not sealed with this key / aad (tampered, or the secret changed) */
  open(sealed: string, aad: string): string;
};

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** HKDF-SHA256 (RFC 5869) for one 32-byte block: extract with a fixed salt, expand with a purpose label. */
export function deriveKey(secret: string, purpose = 'zapdesk/whatsapp-auth'): Buffer {
  if (!secret) throw new Error('secret-box: empty secret');
  const prk = createHmac('sha256', purpose).update(secret, 'utf8').digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('aes-256-gcm:v1', 'utf8'), Buffer.from([1])]))
    .digest();
}

export function createSecretBox(secret: string, purpose = 'zapdesk/whatsapp-auth'): SecretBox {
  const key = deriveKey(secret, purpose);
  return {
    seal(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64')}`;
    },
    open(sealed, aad) {
      const [version, payload] = sealed.split(':', 2);
      if (version !== VERSION || !payload) throw new Error('secret-box: unknown format');
      const buf = Buffer.from(payload, 'base64');
      if (buf.length < IV_BYTES + TAG_BYTES) throw new Error('secret-box: truncated');
      const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(buf.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(buf.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
