/**
 * Who runs a connection's session. With several API/worker processes exactly one process may hold a WhatsApp
 * session (two sockets on one number kick each other out); the Redis lease implements this port. Embedded mode
 * has one process: LocalOwnership, always the owner.
 */
export interface SessionOwnership {
  /** true when this process now owns (or already owned) the connection's session */
  acquire(connId: number): Promise<boolean>;
  release(connId: number): Promise<void>;
  /** called when ownership is lost (lease expired, taken over): the session must stop without logging out */
  onLost(cb: (connId: number) => void): void;
  close(): Promise<void>;
}

export class LocalOwnership implements SessionOwnership {
  async acquire(): Promise<boolean> {
    return true;
  }
  async release(): Promise<void> {}
  onLost(): void {}
  async close(): Promise<void> {}
}
