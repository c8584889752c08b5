import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

/**
 * The required queue of the accept and transfer dialogs: `field` goes to their QueueField (choosing a queue clears
 * its error); `check()` is false, and the field says 'Selecione uma fila', while none is chosen.
 */
export function useQueueChoice(initial: number | null) {
  const { t } = useLingui();
  const [queueId, setQueueId] = useState<number | null>(initial);
  const [error, setError] = useState<string>();
  const check = () => {
    if (!queueId) setError(t`Selecione uma fila`);
    return !!queueId;
  };
  const field = {
    value: queueId,
    onChange: (id: number | null) => {
      setQueueId(id);
      setError(undefined);
    },
    error,
  };
  return { queueId, setQueueId, check, field };
}
