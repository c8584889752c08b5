import type { ChannelEventRecord, InboundMessage } from '../../platform/channels/types';

/** What the raw log stores of a channel event (its `json_value`): media bytes replaced by the stored file. */
export type StoredMedia =
  | { id: string; url: string; mimeType: string; fileName: string; kind: string }
  | { error: string };
export type StoredMessage = Omit<InboundMessage, 'media'> & {
  media?: { mimeType: string; fileName?: string; size: number };
};
export type StoredEvent =
  | { kind: 'message'; msg: StoredMessage; storedMedia?: StoredMedia; imported?: boolean }
  | Exclude<ChannelEventRecord, { kind: 'message' }>;
