import { createSecretBox, type SecretBox } from '../../platform/channels/baileys/secret-box';
import { platform } from '../../platform/index';

/**
 * An integration's API key at rest: AES-256-GCM (the api-tokens' sealing), the key HKDF-derived from ENCRYPTION_KEY
 * (else JWT_SECRET) with its own purpose label; the AAD binds the ciphertext to its company. Only the model adapter
 * opens it, right before a call; no answer of the API carries it (the DTO has its mask).
 */
const boxes = new WeakMap<object, SecretBox>();
function box(): SecretBox {
  const p = platform();
  let b = boxes.get(p);
  if (!b) {
    b = createSecretBox(p.env.encryptionKey ?? p.env.jwtSecret, 'zapdesk/ai-integration');
    boxes.set(p, b);
  }
  return b;
}

const aad = (companyId: number) => `ai-integration:${companyId}`;

export const sealAiKey = (companyId: number, key: string): string => (key ? box().seal(key, aad(companyId)) : '');
export const openAiKey = (companyId: number, sealed: string): string =>
  sealed ? box().open(sealed, aad(companyId)) : '';
