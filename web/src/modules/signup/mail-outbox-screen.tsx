import { Trans, useLingui } from '@lingui/react/macro';
import type { MailOutboxDto } from '@zapdesk/core';
import { useState } from 'react';
import { toastError } from '../../lib/errors';
import { EmptyState } from '../../ui/empty-state';
import { IconChevronDown, IconMail } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { PageCard } from '../../ui/page-card';
import { SearchInput } from '../../ui/search-input';
import { usePagedList } from '../../ui/use-paged-list';
import { useCapabilities } from '../auth/use-capabilities';
import { fetchMailOutbox } from './signup-api';

/** the text with its links clickable (the sign-up link, the login link) */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm" data-testid="mail-text">
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} className="link link-primary" data-testid="mail-link">
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </pre>
  );
}

function MailRow({ mail }: { mail: MailOutboxDto }) {
  const [open, setOpen] = useState(false);
  const when = new Date(mail.createdAt);
  return (
    <li className="border-b border-base-200" data-testid="mail-row" data-to={mail.to}>
      <button
        type="button"
        className="flex w-full items-center gap-3 px-4 py-2 text-left hover:bg-base-200 sm:px-6"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="mail-toggle"
      >
        <span className="w-28 shrink-0 text-xs text-base-content/60 sm:w-36">
          {when.toLocaleDateString('pt-BR')} {when.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium" data-testid="mail-subject">
            {mail.subject}
          </span>
          <span className="block truncate text-xs text-base-content/60" data-testid="mail-to">
            {mail.to}
          </span>
        </span>
        <IconChevronDown size={16} className={`shrink-0 transition ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <div className="bg-base-200/50 px-4 py-3 sm:px-6" data-testid="mail-body">
          <p className="mb-2 text-xs text-base-content/60">
            <Trans>De</Trans>: {mail.from}
          </p>
          <MailText text={mail.text} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * /mailOutbox (ours, master): the e-mails the platform sent to the embedded outbox (no SMTP server configured), newest
 * first, searchable by recipient or subject; a row opens the text with its links.
 */
export function MailOutboxScreen() {
  const { t } = useLingui();
  const caps = useCapabilities();
  const [search, setSearch] = useState('');
  const [mode, setMode] = useState<'smtp' | 'outbox'>('outbox');
  const list = usePagedList<MailOutboxDto>({
    search,
    fetchPage: async (s, n) => {
      const r = await fetchMailOutbox(s, n);
      setMode(r.mode);
      return r;
    },
    onError: (err) => toastError(err),
  });
  if (!caps?.manageCompanies) return <NoPermission />;
  return (
    <PageCard
      title={<Trans>E-mails Enviados</Trans>}
      subtitle={
        mode === 'smtp' ? (
          <Trans>Os e-mails estão sendo enviados pelo servidor SMTP; aqui ficam os guardados antes dele.</Trans>
        ) : (
          <Trans>Sem servidor SMTP configurado: os e-mails da plataforma ficam guardados aqui.</Trans>
        )
      }
      toolbar={
        <SearchInput onSearch={setSearch} placeholder={t`Buscar por destinatário ou assunto`} testId="mail-search" />
      }
      testId="mail-outbox"
    >
      <PagedListBody
        list={list}
        testId="mail-list"
        empty={<EmptyState icon={<IconMail size={28} />} title={<Trans>Nenhum e-mail</Trans>} />}
      >
        <ul>
          {list.items.map((m) => (
            <MailRow key={m.id} mail={m} />
          ))}
        </ul>
      </PagedListBody>
    </PageCard>
  );
}
