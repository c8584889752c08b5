import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { IconArrowLeft } from '../../ui/icons';

/**
 * The frame of the company pages: a title row with the back link (spec 3 §2: /companies for the master's pages,
 * /tickets for the own-company page) and a body that scrolls inside the page.
 */
export function CompanyPageShell({
  title,
  subtitle,
  backTo,
  actions,
  footer,
  children,
  testId,
  backTestId = 'company-back',
  bodyClassName = 'overflow-y-auto py-4',
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  backTo: string;
  /** the back link's test id */
  backTestId?: string;
  /** the body's own layout (default: it scrolls); a page whose panes scroll themselves passes `flex flex-col py-3` */
  bodyClassName?: string;
  actions?: ReactNode;
  /** a bar under the scrolling body, always in view (the form's Cancelar / Salvar) */
  footer?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <div className="card flex h-full min-h-0 flex-col bg-base-100 shadow-sm" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-3 border-b border-base-300 px-4 py-3 sm:px-6">
        <Link
          href={backTo}
          className="btn btn-ghost btn-sm btn-square"
          aria-label={t`Voltar`}
          title={t`Voltar`}
          data-testid={backTestId}
        >
          <IconArrowLeft size={18} />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-semibold">{title}</h1>
          {subtitle ? <p className="truncate text-sm text-base-content/60">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className={`min-h-0 flex-1 px-4 sm:px-6 ${bodyClassName}`} data-testid={`${testId}-scroll`}>
        {children}
      </div>
      {footer ? (
        <div className="flex justify-end gap-2 border-t border-base-300 px-4 py-3 sm:px-6">{footer}</div>
      ) : null}
    </div>
  );
}

/** The footer buttons of a page form (the form is in the scrolling body, the buttons outside it: `form=`). */
export function PageFormButtons({
  formId,
  onCancel,
  cancelLabel,
  saving,
  disabled,
}: {
  formId: string;
  onCancel: () => void;
  cancelLabel: ReactNode;
  saving: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={disabled}>
        {cancelLabel}
      </button>
      <button
        type="submit"
        form={formId}
        className="btn btn-primary"
        disabled={saving || disabled}
        data-testid="company-save"
      >
        {saving ? <span className="loading loading-spinner loading-sm" /> : null}
        <Trans>Salvar</Trans>
      </button>
    </>
  );
}

/** A titled card inside a company page (company data, plans, notification subscriptions, invoices). */
export function CompanySection({
  icon,
  title,
  description,
  actions,
  children,
  testId,
}: {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="scroll-mt-2 rounded-box border border-base-300" id={testId} data-testid={testId}>
      <div className="flex flex-wrap items-center gap-3 border-b border-base-300 px-4 py-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          {icon}
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{title}</h2>
          {description ? <p className="text-sm text-base-content/60">{description}</p> : null}
        </div>
        {actions}
      </div>
      <div className="p-4">{children}</div>
    </section>
  );
}

/** Jump links to the sections of a long company page (wide screens; the sections' ids are their test ids). */
export function SectionLinks({ links }: { links: { id: string; label: ReactNode }[] }) {
  return (
    <nav className="hidden items-center gap-1 lg:flex" data-testid="company-section-links">
      {links.map((l) => (
        <button
          key={l.id}
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => document.getElementById(l.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        >
          {l.label}
        </button>
      ))}
    </nav>
  );
}
