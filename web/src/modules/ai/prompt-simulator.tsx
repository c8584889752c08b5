import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type BotSimulatorDto, type BotSimulatorStatus, events } from '@zapdesk/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { IconRotate, IconSend } from '../../ui/icons';
import { fetchSimulator, postSimulator } from './ai-api';

const STATUS_LABELS: Record<BotSimulatorStatus, MessageDescriptor> = {
  idle: msg`online`,
  waiting: msg`online`,
  typing: msg`digitando...`,
  handedOver: msg`transferido para um atendente`,
};

/**
 * The prompt's simulator (spec 2 §2, §7): a chat with the prompt through the same runtime as a real ticket —
 * `POST /botSimulator` sends what the customer types, the answers arrive on the live `botSimulator-{id}` channel
 * with the status (typing while the model answers). "Limpar conversa" starts again.
 */
export function PromptSimulator({ botConfigId, name }: { botConfigId: number; name: string }) {
  const { t, i18n } = useLingui();
  const [sim, setSim] = useState<BotSimulatorDto | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const pane = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let alive = true;
    fetchSimulator(botConfigId)
      .then((s) => alive && setSim(s))
      .catch((err) => {
        toastError(err);
        if (alive) setSim({ messages: [], status: 'idle' });
      });
    return () => {
      alive = false;
    };
  }, [botConfigId]);

  useSseChannel(events.botSimulator.of(botConfigId), (e) => setSim({ messages: e.messages, status: e.status }));

  const count = sim?.messages.length ?? 0;
  const status = sim?.status ?? 'idle';
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the end when a message or the typing shows
  useEffect(() => {
    const el = pane.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count, status]);

  const call = async (body: string | null, clear: boolean) => {
    setSending(true);
    try {
      const res = await postSimulator(botConfigId, body, clear);
      setSim((s) => (res?.messages ? res : s));
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setSending(false);
    }
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    if (await call(body, false)) setText('');
  };

  return (
    <div
      className="flex w-full max-w-sm flex-col overflow-hidden rounded-[2rem] border-8 border-neutral-800 bg-[#efeae2] shadow-xl"
      data-testid="prompt-simulator"
    >
      <div className="flex items-center gap-2 bg-[#075e54] px-3 py-2 text-white">
        <div className="avatar avatar-placeholder">
          <div className="w-8 rounded-full bg-white/20 text-xs">{name.slice(0, 1).toUpperCase() || '?'}</div>
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{name || t`Prompt`}</p>
          <p className="text-[11px] opacity-90" data-testid="prompt-sim-status" data-status={status}>
            {i18n._(STATUS_LABELS[status])}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-white"
          onClick={() => void call(null, true)}
          disabled={sending}
          title={t`Limpar conversa`}
          data-testid="prompt-sim-clear"
        >
          <IconRotate size={14} />
          <Trans>Limpar conversa</Trans>
        </button>
      </div>
      <div ref={pane} className="flex h-96 flex-col gap-1.5 overflow-y-auto p-2" data-testid="prompt-sim-messages">
        {sim === null ? <span className="loading loading-spinner loading-sm m-auto" /> : null}
        {sim && sim.messages.length === 0 ? (
          <p className="m-auto max-w-[80%] text-center text-xs text-neutral-500">
            <Trans>Escreva como um cliente para testar o prompt.</Trans>
          </p>
        ) : null}
        {sim?.messages.map((m) => (
          <div
            key={m.id}
            className={`flex ${m.fromMe ? 'justify-start' : 'justify-end'}`}
            data-testid="prompt-sim-message"
            data-from-me={m.fromMe ? 'true' : 'false'}
          >
            <div
              className={`max-w-[85%] whitespace-pre-wrap break-words rounded-xl px-2.5 py-1.5 text-[13px] text-neutral-900 shadow-sm ${
                m.fromMe ? 'rounded-bl-sm bg-white' : 'rounded-br-sm bg-[#d9fdd3]'
              }`}
            >
              {m.body}
            </div>
          </div>
        ))}
        {status === 'typing' ? (
          <div className="flex justify-start" data-testid="prompt-sim-typing">
            <div className="rounded-xl rounded-bl-sm bg-white px-3 py-2 shadow-sm">
              <span className="loading loading-dots loading-xs text-neutral-500" />
            </div>
          </div>
        ) : null}
      </div>
      <form className="flex items-center gap-1.5 bg-[#f0f2f5] p-2" onSubmit={send}>
        <input
          className="input input-sm flex-1 rounded-full border-none bg-white text-neutral-900"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t`Mensagem`}
          maxLength={4000}
          data-testid="prompt-sim-input"
        />
        <button
          type="submit"
          className="btn btn-circle btn-sm border-none bg-[#00a884] text-white"
          disabled={sending || !text.trim()}
          aria-label={t`Enviar`}
          data-testid="prompt-sim-send"
        >
          <IconSend size={16} />
        </button>
      </form>
    </div>
  );
}
