import { type Platform, platform } from '../../index';
import { registerChannelAdapter } from '../registry';
import { BaileysAdapter } from './adapter';

export { BaileysAdapter } from './adapter';

/** Makes `lib: 'baileys'` connections startable in this process (session keys sealed with ENCRYPTION_KEY or JWT_SECRET). */
export function registerBaileysAdapter(p: Platform = platform()): BaileysAdapter {
  const adapter = new BaileysAdapter({ secret: p.env.encryptionKey ?? p.env.jwtSecret });
  registerChannelAdapter(adapter);
  return adapter;
}
