import { Trans, useLingui } from '@lingui/react/macro';
import { events } from '@zapdesk/core';
import { useAtomValue } from 'jotai';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { parseApiError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { EmptyState } from '../../ui/empty-state';
import { IconAlert, IconArrowLeft, IconChat, IconPhone } from '../../ui/icons';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { connectionsAtom } from '../connections/atoms/connections-atom';
import { normalizeStatus } from '../connections/connection-state';
import { ConnectionStatusChip } from '../connections/connection-status-chip';
import { connectionError } from '../connections/connection-texts';
import { PhoneMockup, type PhoneSend } from './phone-mockup';
import {
  fetchConversation,
  fetchSimChats,
  fetchSimulatorState,
  type SimChat,
  type SimMessage,
  type SimulatorState,
  scanQr,
  sendAck,
  sendInbound,
} from './simulator-api';
import {
  concernsConversation,
  mediaKindOf,
  phoneDigits,
  readAsDataUrl,
  SIM_MAX_FILE_BYTES,
  unreadFromPlatform,
  validPhone,
} from './simulator-rules';

type Contact = { number: string; name: string };

/**
 * The phone mock-up (/simulator/{whatsappId}): chat as a contact with a simulator connection. What the contact sends
 * goes through `POST /simulator/{id}/inbound` exactly like a real inbound message (ticket, greeting…); what the
 * platform sends shows up live (the `appMessage-{companyId}` events trigger a refresh of the conversation).
 */
export function SimulatorScreen({ whatsappId }: { whatsappId: number }) {
  const { t } = useLingui();
  const user = useSessionUser();
  // reading the QR code is a connection action: the connections screen's permission (the API refuses others)
  const canManage = useCapabilities()?.manageConnections ?? false;
  const live = useAtomValue(connectionsAtom).list.find((w) => w.id === whatsappId);
  const [state, setState] = useState<SimulatorState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chats, setChats] = useState<SimChat[]>([]);
  const [contact, setContact] = useState<Contact | null>(null);
  const [messages, setMessages] = useState<SimMessage[]>([]);
  const [loadingConv, setLoadingConv] = useState(false);
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const contactRef = useRef<Contact | null>(null);
  contactRef.current = contact;

  const status = normalizeStatus(live?.status ?? state?.status);
  const connected = status === 'CONNECTED';

  const loadState = useCallback(async () => {
    try {
      setState(await fetchSimulatorState(whatsappId));
      setLoadError(null);
    } catch (err) {
      setLoadError(connectionError(err));
    }
  }, [whatsappId]);

  const loadChats = useCallback(async () => {
    try {
      setChats(await fetchSimChats(whatsappId));
    } catch {
      // the state card already shows why the simulator is unavailable
    }
  }, [whatsappId]);

  const loadConversation = useCallback(
    async (n: string) => {
      try {
        const list = await fetchConversation(whatsappId, n);
        if (contactRef.current?.number === n) setMessages(list);
      } catch (err) {
        toast.error(parseApiError(err));
      }
    },
    [whatsappId],
  );

  useEffect(() => {
    void loadState();
    void loadChats();
  }, [loadState, loadChats]);

  // the connection's status changes live (whatsapp-{companyId}); the simulator's own view follows it
  useEffect(() => {
    if (live?.status) void loadState();
  }, [live?.status, loadState]);

  useEffect(() => {
    if (!contact) return;
    setLoadingConv(true);
    setMessages([]);
    void loadConversation(contact.number).finally(() => setLoadingConv(false));
  }, [contact, loadConversation]);

  const refreshSoon = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      const c = contactRef.current;
      if (c) void loadConversation(c.number);
      void loadChats();
    }, 250);
  }, [loadConversation, loadChats]);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  useSseChannel(user ? events.appMessage.of(user.companyId) : null, (e) => {
    if (concernsConversation(e, whatsappId, contactRef.current?.number ?? null)) refreshSoon();
  });

  const openContact = (e: FormEvent) => {
    e.preventDefault();
    if (!validPhone(number)) {
      setNumberError(t`Informe um número com DDI e DDD (8 a 15 dígitos).`);
      return;
    }
    setNumberError(null);
    setContact({ number: phoneDigits(number), name: name.trim() });
  };

  const onSend = async (s: PhoneSend): Promise<boolean> => {
    const c = contactRef.current;
    if (!c) return false;
    const base = { from: c.number, ...(c.name ? { name: c.name } : {}) };
    try {
      if (s.kind === 'text') {
        await sendInbound(whatsappId, { ...base, body: s.body, ...(s.quotedId ? { quotedId: s.quotedId } : {}) });
      } else if (s.kind === 'location') {
        await sendInbound(whatsappId, { ...base, latitude: s.latitude, longitude: s.longitude });
      } else {
        if (s.file.size > SIM_MAX_FILE_BYTES) {
          toast.error(t`Arquivo muito grande (máximo 16 MB).`);
          return false;
        }
        const mediaUrl = await readAsDataUrl(s.file);
        await sendInbound(whatsappId, {
          ...base,
          mediaUrl,
          mediaType: mediaKindOf(s.file.type),
          ...(s.caption ? { body: s.caption } : {}),
        });
      }
      refreshSoon();
      return true;
    } catch (err) {
      toast.error(parseApiError(err));
      return false;
    }
  };

  const unread = unreadFromPlatform(messages);
  const markRead = async () => {
    try {
      for (const m of unread) await sendAck(whatsappId, m.id, 4);
      refreshSoon();
    } catch (err) {
      toast.error(parseApiError(err));
    }
  };

  const scan = async () => {
    setScanning(true);
    try {
      setState(await scanQr(whatsappId));
    } catch (err) {
      toast.error(parseApiError(err));
    } finally {
      setScanning(false);
    }
  };

  if (loadError) {
    return (
      <div className="card bg-base-100 shadow-sm" data-testid="simulator-unavailable">
        <EmptyState
          icon={<IconAlert size={28} />}
          title={<Trans>Simulador indisponível</Trans>}
          description={loadError}
          action={
            <Link href="/connections" className="btn btn-primary btn-sm">
              <Trans>Voltar para as conexões</Trans>
            </Link>
          }
        />
      </div>
    );
  }

  const connName = state?.name ?? live?.name ?? '';
  return (
    <div className="card flex min-h-full flex-col bg-base-100 shadow-sm" data-testid="simulator-page">
      <div className="flex flex-wrap items-center gap-3 border-b border-base-300 px-4 py-3 sm:px-6 sm:py-4">
        <Link href="/connections" className="btn btn-ghost btn-sm btn-square" aria-label={t`Voltar para as conexões`}>
          <IconArrowLeft size={18} />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-semibold">
            <Trans>Celular simulado</Trans>
          </h1>
          <p className="text-sm text-base-content/60">
            <Trans>Converse como um cliente com a conexão {connName}</Trans>
          </p>
        </div>
        {state ? <ConnectionStatusChip status={live?.status ?? state.status} /> : null}
      </div>

      <div className="grid flex-1 gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="flex min-w-0 flex-col gap-4">
          {!state ? (
            <span className="loading loading-spinner loading-md text-primary" />
          ) : !connected ? (
            <div role="alert" className="alert alert-warning alert-soft" data-testid="simulator-not-connected">
              <IconAlert size={18} />
              <div className="flex flex-col gap-2">
                <span>
                  {status === 'qrcode' ? (
                    <Trans>A conexão aguarda a leitura do QR Code. Simule a leitura para conectar o celular.</Trans>
                  ) : (
                    <Trans>A conexão não está conectada. Inicie a sessão na tela de conexões.</Trans>
                  )}
                </span>
                {status === 'qrcode' && canManage ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-primary w-fit"
                    onClick={scan}
                    disabled={scanning}
                    data-testid="simulator-scan"
                  >
                    {scanning ? <span className="loading loading-spinner loading-xs" /> : null}
                    <Trans>Simular leitura do QR Code</Trans>
                  </button>
                ) : null}
              </div>
            </div>
          ) : null}

          <form
            className="rounded-box border border-base-300 p-4"
            onSubmit={openContact}
            data-testid="simulator-contact-form"
          >
            <h2 className="mb-1 font-semibold">
              <Trans>Quem está escrevendo?</Trans>
            </h2>
            <p className="mb-3 text-sm text-base-content/60">
              <Trans>Informe o número e o nome do cliente; números iniciados por 000 não têm WhatsApp.</Trans>
            </p>
            <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
              <label className="flex flex-col gap-1">
                <span className="text-xs font-medium text-base-content/70">
                  <Trans>Número do cliente</Trans>
                </span>
                <input
                  className={`input w-full ${numberError ? 'input-error' : ''}`}
                  placeholder="5511988880001"
                  inputMode="tel"
                  value={number}
                  onChange={(e) => {
                    setNumber(e.target.value);
                    setNumberError(null);
                  }}
                  data-testid="simulator-number"
                />
                {numberError ? (
                  <span className="text-xs text-error" role="alert">
                    {numberError}
                  </span>
                ) : null}
              </label>
              <label className="flex flex-col gap-1">
                <span className="text-xs font-medium text-base-content/70">
                  <Trans>Nome do cliente</Trans>
                </span>
                <input
                  className="input w-full"
                  placeholder={t`Maria Silva`}
                  value={name}
                  maxLength={100}
                  onChange={(e) => setName(e.target.value)}
                  data-testid="simulator-name"
                />
              </label>
              <button type="submit" className="btn btn-primary sm:mt-5" data-testid="simulator-open">
                <IconChat size={16} />
                <Trans>Abrir conversa</Trans>
              </button>
            </div>
          </form>

          <div className="rounded-box border border-base-300">
            <h2 className="border-b border-base-300 px-4 py-2.5 text-sm font-semibold">
              <Trans>Conversas recentes</Trans>
            </h2>
            {chats.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-base-content/60">
                <Trans>Nenhuma conversa ainda.</Trans>
              </p>
            ) : (
              <ul className="menu w-full max-h-72 flex-nowrap overflow-y-auto" data-testid="simulator-chats">
                {chats.map((c) => (
                  <li key={c.number}>
                    <button
                      type="button"
                      className={contact?.number === c.number ? 'bg-primary/10 text-base-content' : ''}
                      onClick={() => {
                        setNumber(c.number);
                        setName(c.name ?? '');
                        setContact({ number: c.number, name: c.name ?? '' });
                      }}
                      data-testid="simulator-chat"
                    >
                      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary">
                        {(c.name || c.number).slice(0, 1).toUpperCase()}
                      </span>
                      <span className="flex min-w-0 flex-1 flex-col text-left">
                        <span className="truncate font-medium">{c.name || c.number}</span>
                        <span className="truncate font-mono text-xs text-base-content/60">{c.number}</span>
                      </span>
                      <span className="badge badge-ghost badge-sm">{c.count}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>

        <div className="flex flex-col items-center gap-3">
          {contact ? (
            <p className="text-center text-sm text-base-content/70" data-testid="simulator-as">
              <Trans>
                Você é <strong>{contact.name || contact.number}</strong> ({contact.number})
              </Trans>
            </p>
          ) : (
            <p className="flex items-center gap-2 text-sm text-base-content/60">
              <IconPhone size={16} />
              <Trans>Escolha um cliente para começar.</Trans>
            </p>
          )}
          <PhoneMockup
            title={connName}
            subtitle={state?.number ?? ''}
            online={connected}
            messages={messages}
            loading={loadingConv}
            disabled={!connected || !contact}
            unread={unread.length}
            onSend={onSend}
            onMarkRead={markRead}
          />
        </div>
      </div>
    </div>
  );
}
