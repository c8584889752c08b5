import { Trans, useLingui } from '@lingui/react/macro';
import { type FlowActionType, flowStateAt, flowTimeline } from '@zapdesk/core';
import { useEffect, useMemo, useState } from 'react';
import { IconMic, IconPaperclip, IconRotate } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { PHONE_STATUS_LABELS } from './flow-labels';

export type SimAction = {
  actionType: FlowActionType;
  body: string;
  param: number | null;
  mediaFileName: string | null;
};

/** How often the phone re-reads the timeline (the timeline itself is core's: the runtime's instants). */
const TICK_MS = 100;

/**
 * 'Simular Fluxo' (spec 2 §2, §4): a phone mock-up playing the flow on core's timeline — the header shows online,
 * typing or recording while the actions run; texts and files appear at the instant the runtime would send them.
 */
export function FlowSimulator({ name, actions, onClose }: { name: string; actions: SimAction[]; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const timeline = useMemo(() => flowTimeline(actions), [actions]);
  const [run, setRun] = useState(0);
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    void run;
    const start = performance.now();
    setElapsed(0);
    const timer = setInterval(() => {
      const ms = performance.now() - start;
      setElapsed(ms);
      if (ms >= timeline.totalMs) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [run, timeline]);

  const state = flowStateAt(timeline, elapsed);
  const shown = actions
    .slice(0, state.started)
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.actionType === 'SendText' || a.actionType === 'SendMedia');

  return (
    <Modal
      open
      onClose={onClose}
      title={<Trans>Simular Fluxo</Trans>}
      testId="flow-simulator"
      actions={
        <>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => setRun((r) => r + 1)}
            data-testid="flow-sim-restart"
          >
            <IconRotate size={16} />
            <Trans>Reiniciar</Trans>
          </button>
          <button type="button" className="btn btn-sm" onClick={onClose} data-testid="flow-sim-close">
            <Trans>Fechar</Trans>
          </button>
        </>
      }
    >
      <div className="flex justify-center p-4">
        <div className="w-72 overflow-hidden rounded-[2rem] border-8 border-neutral-800 bg-[#efeae2] shadow-xl">
          <div className="flex items-center gap-2 bg-[#075e54] px-3 py-2 text-white">
            <div className="avatar avatar-placeholder">
              <div className="w-8 rounded-full bg-white/20 text-xs">{name.slice(0, 1).toUpperCase() || '?'}</div>
            </div>
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{name || t`Fluxo`}</p>
              <p className="text-[11px] opacity-90" data-testid="flow-sim-status" data-status={state.status}>
                {i18n._(PHONE_STATUS_LABELS[state.status])}
              </p>
            </div>
          </div>
          <div className="flex h-96 flex-col gap-1.5 overflow-y-auto p-2" data-testid="flow-sim-messages">
            {shown.map(({ a, i }) => (
              <div key={i} className="flex justify-start" data-testid="flow-sim-message">
                <div className="max-w-[85%] rounded-xl rounded-bl-sm bg-white px-2.5 py-1.5 text-[13px] text-neutral-900 shadow-sm">
                  {a.actionType === 'SendMedia' ? (
                    <span className="mb-0.5 flex items-center gap-1.5 rounded-md bg-black/5 px-2 py-1 text-xs text-neutral-700">
                      <IconPaperclip size={14} />
                      <span className="truncate">{a.mediaFileName ?? t`arquivo`}</span>
                    </span>
                  ) : null}
                  {a.body ? <span className="whitespace-pre-wrap break-words">{a.body}</span> : null}
                </div>
              </div>
            ))}
            {state.status === 'recording' ? (
              <div className="flex items-center gap-1 text-xs text-neutral-600">
                <IconMic size={12} />
                <Trans>gravando áudio...</Trans>
              </div>
            ) : null}
            {state.done ? (
              <p className="mt-auto text-center text-[11px] text-neutral-500" data-testid="flow-sim-done">
                <Trans>Fim do fluxo</Trans>
              </p>
            ) : null}
          </div>
        </div>
      </div>
    </Modal>
  );
}
