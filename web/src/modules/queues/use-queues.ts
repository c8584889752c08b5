import { events, type QueueDto, type QueueEvent } from '@zapdesk/core';
import { useCallback, useEffect, useState } from 'react';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { byName } from '../../ui/use-paged-list';
import { useSessionUser } from '../auth/use-capabilities';
import { fetchQueues } from './queues-api';

/** The company's queues, kept live from `queue-{companyId}` (spec 2 §3: create, update, delete with queueId). */
export function useQueues(): { queues: QueueDto[]; loading: boolean; failed: boolean } {
  const user = useSessionUser();
  const [queues, setQueues] = useState<QueueDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    fetchQueues()
      .then((list) => alive && setQueues(list))
      .catch((err) => {
        if (!alive) return;
        setFailed(true);
        toastError(err);
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);

  const onEvent = useCallback((e: QueueEvent & { queue?: QueueDto; queueId?: number }) => {
    if (e.action === 'delete') {
      const id = e.queueId ?? e.queue?.id;
      setQueues((list) => list.filter((q) => q.id !== id));
      return;
    }
    if (e.action === 'create' || e.action === 'update') {
      const q = e.queue;
      setQueues((list) => [...list.filter((x) => x.id !== q.id), q].sort(byName));
    }
  }, []);
  useSseChannel(user ? events.queue.of(user.companyId) : null, onEvent);

  return { queues, loading, failed };
}
