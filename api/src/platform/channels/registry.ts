import type { ChannelAdapter } from './types';

/**
 * Adapters by `lib`. The simulator registers itself when the simulator is enabled; the Baileys adapter
 * (`channels/baileys/`) registers the same way. A connection whose lib has no adapter cannot start.
 */
const adapters = new Map<ChannelAdapter['lib'], ChannelAdapter>();

export function registerChannelAdapter(adapter: ChannelAdapter): void {
  adapters.set(adapter.lib, adapter);
}

export function unregisterChannelAdapter(lib: ChannelAdapter['lib']): void {
  adapters.delete(lib);
}

export function channelAdapter(lib: ChannelAdapter['lib']): ChannelAdapter | undefined {
  return adapters.get(lib);
}
