import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
} from 'baileys';
import { log } from '../../log';
import { clearAuthKeys, deleteAuthKeys, pruneAuthKeys, readAuthKeys, writeAuthKeys } from './auth-keys.repo';
import { createSecretBox, type SecretBox } from './secret-box';

/**
 * Baileys auth state in the database (table whatsapp_auth_keys), one row per creds / signal key, each value
 * BufferJSON-serialised then sealed with AES-256-GCM. Mirrors the key layout of Baileys' useMultiFileAuthState
 * (`creds`, `<type>:<id>`) without its files, which its authors call unfit for production and which would pin a
 * session to one machine's disk — here any process holding the lease can resume it.
 */
export type DbAuthState = {
  state: AuthenticationState;
  saveCreds: () => Promise<void>;
  /** drop every stored key (logout / banned): the next start shows a new QR code */
  clear: () => Promise<void>;
  /** whether creds were found in the database (false: first pairing) */
  restored: boolean;
};

export type AuthStateScope = { companyId: number; whatsappId: number; secret: string };

const CREDS = 'creds';
const keyName = (type: string, id: string) => `${type}:${id}`;

export function authBox(scope: AuthStateScope): {
  box: SecretBox;
  aad: (key: string) => string;
} {
  return { box: createSecretBox(scope.secret), aad: (key) => `${scope.whatsappId}:${key}` };
}

export async function useDbAuthState(scope: AuthStateScope): Promise<DbAuthState> {
  const { companyId, whatsappId } = scope;
  const { box, aad } = authBox(scope);

  const decode = (key: string, sealed: string): unknown => {
    try {
      return JSON.parse(box.open(sealed, aad(key)), BufferJSON.reviver);
    } catch (err) {
      // a changed server secret or a tampered row: treat as absent (the number pairs again) rather than crash
      log.warn({ err, whatsappId, key }, 'baileys auth: unreadable key ignored');
      return null;
    }
  };
  const encode = (key: string, value: unknown) => box.seal(JSON.stringify(value, BufferJSON.replacer), aad(key));

  const stored = await readAuthKeys(companyId, whatsappId, [CREDS]);
  const sealedCreds = stored.get(CREDS);
  const restoredCreds = sealedCreds ? (decode(CREDS, sealedCreds) as AuthenticationCreds | null) : null;
  const creds: AuthenticationCreds = restoredCreds ?? initAuthCreds();

  const state: AuthenticationState = {
    creds,
    keys: {
      async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
        const rows = await readAuthKeys(
          companyId,
          whatsappId,
          ids.map((id) => keyName(type, id)),
        );
        const out: { [id: string]: SignalDataTypeMap[T] } = {};
        for (const id of ids) {
          const k = keyName(type, id);
          const sealed = rows.get(k);
          let value = sealed ? decode(k, sealed) : null;
          if (type === 'app-state-sync-key' && value) {
            value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
          }
          // Baileys expects every requested id as a property, undefined when missing
          out[id] = (value ?? undefined) as SignalDataTypeMap[T];
        }
        return out;
      },
      async set(data: SignalDataSet) {
        const upserts: { key: string; value: string }[] = [];
        const deletes: string[] = [];
        for (const type in data) {
          const entries = data[type as keyof SignalDataSet];
          if (!entries) continue;
          for (const id in entries) {
            const k = keyName(type, id);
            const value = entries[id];
            if (value) upserts.push({ key: k, value: encode(k, value) });
            else deletes.push(k);
          }
        }
        await writeAuthKeys(companyId, whatsappId, upserts);
        await deleteAuthKeys(companyId, whatsappId, deletes);
      },
      async clear() {
        await clearAuthKeys(companyId, whatsappId);
      },
    },
  };

  return {
    state,
    restored: !!restoredCreds,
    saveCreds: () => writeAuthKeys(companyId, whatsappId, [{ key: CREDS, value: encode(CREDS, creds) }]),
    clear: () => clearAuthKeys(companyId, whatsappId),
  };
}

/**
 * Our own sent messages, kept 24 h so Baileys' `getMessage` can re-encrypt them when a recipient's device asks for
 * a retry (otherwise they see "waiting for this message"). Stored beside the session because it must survive a
 * handover to another process, and sealed like the keys because it is message content.
 */
export const RETRY_PREFIX = 'retry:';
export const RETRY_TTL_MS = 24 * 60 * 60 * 1000;

export function createRetryStore(scope: AuthStateScope) {
  const { companyId, whatsappId } = scope;
  const { box, aad } = authBox(scope);
  return {
    async put(messageId: string, message: proto.IMessage): Promise<void> {
      const k = `${RETRY_PREFIX}${messageId}`;
      // protobuf wire bytes: the exact message Baileys will re-encrypt, Longs and bytes included
      const bytes = Buffer.from(proto.Message.encode(message).finish()).toString('base64');
      await writeAuthKeys(companyId, whatsappId, [{ key: k, value: box.seal(bytes, aad(k)) }]);
    },
    async get(messageId: string): Promise<proto.IMessage | undefined> {
      const k = `${RETRY_PREFIX}${messageId}`;
      const sealed = (await readAuthKeys(companyId, whatsappId, [k])).get(k);
      if (!sealed) return undefined;
      try {
        return proto.Message.decode(Buffer.from(box.open(sealed, aad(k)), 'base64'));
      } catch {
        return undefined;
      }
    },
    prune(now: Date = new Date()): Promise<number> {
      return pruneAuthKeys(companyId, whatsappId, RETRY_PREFIX, new Date(now.getTime() - RETRY_TTL_MS));
    },
  };
}
export type RetryStore = ReturnType<typeof createRetryStore>;
