import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { IconArrowRight, IconCode, IconKey } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { useCapabilities } from '../auth/use-capabilities';
import { ApiDocsPanel, type DocsKind } from './api-docs-panel';

/** A docs page's frame: title row, then the scrolling body. */
function DocsFrame({
  title,
  subtitle,
  actions,
  testId,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  actions?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="card flex h-full min-h-0 flex-col bg-base-100 shadow-sm" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-3 border-b border-base-300 px-4 py-3 sm:px-6 sm:py-4">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-semibold">{title}</h1>
          <p className="truncate text-sm text-base-content/60">{subtitle}</p>
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6" data-testid="api-docs-scroll">
        {children}
      </div>
    </div>
  );
}

/**
 * /api (spec 2 §2): the menu leading to the token list, plus the embedded documentation of the message API.
 * Administrators of a plan with the API (the drawer's `useApi`).
 */
export function ApiScreen() {
  const caps = useCapabilities();
  if (!caps?.useApi) return <NoPermission />;
  return (
    <DocsFrame
      title={<Trans>API</Trans>}
      subtitle={<Trans>Envie mensagens do WhatsApp a partir dos seus sistemas</Trans>}
      testId="api-page"
    >
      <nav className="mb-4 grid gap-3 sm:grid-cols-2" aria-label="API" data-testid="api-menu">
        <MenuEntry
          href="/apisendmessage"
          icon={<IconKey size={22} />}
          title={<Trans>Tokens de API</Trans>}
          text={<Trans>Crie, revele, copie e revogue os tokens que autorizam o envio de mensagens.</Trans>}
          testId="api-menu-tokens"
        />
        <MenuEntry
          href="/ApiDocumentation"
          icon={<IconCode size={22} />}
          title={<Trans>Documentação da API</Trans>}
          text={<Trans>A especificação OpenAPI das chamadas de envio, com exemplos em curl e JavaScript.</Trans>}
          testId="api-menu-docs"
        />
      </nav>
      <ApiDocsPanel kind="public" />
    </DocsFrame>
  );
}

function MenuEntry({
  href,
  icon,
  title,
  text,
  testId,
}: {
  href: string;
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  testId: string;
}) {
  return (
    <Link
      href={href}
      className="flex items-center gap-3 rounded-box border border-base-300 p-4 transition-colors hover:border-primary hover:bg-base-200/60"
      data-testid={testId}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{title}</span>
        <span className="block text-sm text-base-content/70">{text}</span>
      </span>
      <IconArrowRight size={18} className="shrink-0 text-base-content/50" />
    </Link>
  );
}

/** /ApiDocumentation and /api_old (spec 2 §2): the message API's documentation alone. Same gate as /api. */
export function ApiDocumentationScreen() {
  const caps = useCapabilities();
  if (!caps?.useApi) return <NoPermission />;
  return (
    <DocsFrame
      title={<Trans>Documentação da API</Trans>}
      subtitle={<Trans>API de envio de mensagens (OpenAPI 3.1)</Trans>}
      actions={<BackToApi />}
      testId="api-documentation-page"
    >
      <ApiDocsPanel kind="public" />
    </DocsFrame>
  );
}

/**
 * /internalDocs and /InternalDocs (spec 3 §2): every route of the platform. Administrators and the master
 * (docs/DECISIONS.md "Message API docs").
 */
export function InternalDocsScreen() {
  const caps = useCapabilities();
  if (!caps || !(caps.isAdmin || caps.isMaster)) return <NoPermission />;
  return (
    <DocsFrame
      title={<Trans>Documentação Interna</Trans>}
      subtitle={<Trans>Todas as rotas da plataforma, geradas das próprias rotas</Trans>}
      testId="internal-docs-page"
    >
      <ApiDocsPanel kind={'internal' satisfies DocsKind} />
    </DocsFrame>
  );
}

function BackToApi() {
  return (
    <Link href="/api" className="btn btn-ghost btn-sm" data-testid="api-docs-back">
      <Trans>Voltar para API</Trans>
    </Link>
  );
}
