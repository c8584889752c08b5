import { RESOURCE_POLL, type SystemResourcesDto } from '@zapdesk/core';
import { useEffect, useRef, useState } from 'react';
import { createPoller, type Poller, type PollerState } from './poller';
import { fetchResources } from './system-control-api';

export type ResourcesView = {
  data: SystemResourcesDto | null;
  /** the last read failed (the server may be restarting); the last good numbers stay on screen */
  failed: boolean;
  /** when the last good answer arrived (ms) */
  updatedAt: number | null;
  state: PollerState;
  /** a fresh run of 100 reads (the 'retomar' action; also after a restart) */
  resume: () => void;
  pause: () => void;
};

/** The resource view's data: getSystemResourcesDto read every 2.5 s, up to 100 times (spec 3 §4, §9). */
export function useResources(): ResourcesView {
  const [data, setData] = useState<SystemResourcesDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const [state, setState] = useState<PollerState>({ reads: 0, running: false });
  const poller = useRef<Poller | null>(null);

  useEffect(() => {
    const p = createPoller({
      read: fetchResources,
      onData: (d) => {
        setData(d);
        setFailed(false);
        setUpdatedAt(Date.now());
      },
      onError: () => setFailed(true),
      onState: setState,
      everyMs: RESOURCE_POLL.everyMs,
      times: RESOURCE_POLL.times,
    });
    poller.current = p;
    p.start();
    return () => p.stop();
  }, []);

  return {
    data,
    failed,
    updatedAt,
    state,
    resume: () => poller.current?.start(),
    pause: () => poller.current?.stop(),
  };
}
