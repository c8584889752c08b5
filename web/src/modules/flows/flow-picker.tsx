import { Trans, useLingui } from '@lingui/react/macro';
import type { FlowSummaryDto } from '@zapdesk/core';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { toastError } from '../../lib/errors';
import { IconFlow } from '../../ui/icons';
import { toast } from '../../ui/toasts/toast';
import { fetchFlowsPage, runFlow } from './flows-api';

export type FlowPicker = {
  flows: FlowSummaryDto[];
  active: number;
  busy: boolean;
  /** runs the chosen flow on the ticket; true when it started */
  pick: (f: FlowSummaryDto) => Promise<boolean>;
  clear: () => void;
  /** the text box's keys while the list is open (arrows, Escape, Enter); true when the key was the list's */
  onKeyDown: (e: KeyboardEvent) => boolean;
};

/**
 * The chat input's ';' (spec 1 §2, spec 2 §5: "flows when it starts with ';'"): the company's Chat flows whose name
 * contains what follows (`GET /flows/?type=Chat`), 250 ms after typing stops; the chosen one runs on the ticket
 * (`POST /flows/{id}/run`). A failed lookup hides the list silently, like the quick answers.
 */
export function useFlowPicker(text: string, enabled: boolean, ticketId: number, onStarted: () => void): FlowPicker {
  const { t } = useLingui();
  const [flows, setFlows] = useState<FlowSummaryDto[]>([]);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!enabled || !text.startsWith(';') || text.includes('\n')) {
      setFlows([]);
      return;
    }
    let alive = true;
    const timer = setTimeout(() => {
      fetchFlowsPage(text.slice(1).trim().toLowerCase(), 1, 'Chat').then(
        (page) => {
          if (!alive) return;
          setFlows(page.items.slice(0, 8));
          setActive(0);
        },
        () => alive && setFlows([]),
      );
    }, 250);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [text, enabled]);

  const pick = async (f: FlowSummaryDto) => {
    if (busy) return false;
    setBusy(true);
    try {
      await runFlow(f.id, ticketId);
      toast.success(t`Fluxo "${f.name}" iniciado`);
      setFlows([]);
      onStarted();
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent): boolean => {
    if (!flows.length) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (e.key === 'ArrowDown' ? Math.min(flows.length - 1, a + 1) : Math.max(0, a - 1)));
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setFlows([]);
      return true;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void pick(flows[active]);
      return true;
    }
    return false;
  };

  return { flows, active, busy, pick, clear: () => setFlows([]), onKeyDown };
}

/** The list of Chat flows above the text box; a click runs one without blurring the box. */
export function FlowPickerMenu({ picker }: { picker: FlowPicker }) {
  if (!picker.flows.length) return null;
  return (
    <ul
      className="menu absolute bottom-full left-2 right-2 z-30 mb-1 max-h-64 flex-nowrap overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      data-testid="flow-picker"
    >
      <li className="menu-title text-xs">
        <Trans>Executar fluxo no ticket</Trans>
      </li>
      {picker.flows.map((f, i) => (
        <li key={f.id}>
          <button
            type="button"
            className={`w-full min-w-0 ${i === picker.active ? 'menu-active' : ''}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void picker.pick(f)}
            disabled={picker.busy}
            data-testid="flow-picker-item"
          >
            <IconFlow size={14} />
            <span className="truncate text-sm">{f.name}</span>
            <span className="ml-auto text-xs opacity-60">
              <Trans>{f.actionsCount} ações</Trans>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
