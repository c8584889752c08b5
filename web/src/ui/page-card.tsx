import type { ReactNode } from 'react';
import { IconPlus } from './icons';

/**
 * The frame of a list screen: a title row with the main actions, an optional toolbar (search, filters), and the
 * body that fills the rest of the page height (so lists scroll inside the card, with the header kept in view).
 */
export function PageCard({
  title,
  subtitle,
  actions,
  toolbar,
  children,
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  toolbar?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="card flex h-full min-h-0 flex-col bg-base-100 shadow-sm" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-3 border-b border-base-300 px-4 py-3 sm:px-6 sm:py-4">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-semibold">{title}</h1>
          {subtitle ? <p className="truncate text-sm text-base-content/60">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {toolbar ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-base-300 px-4 py-3 sm:px-6">{toolbar}</div>
      ) : null}
      <div className="flex min-h-0 flex-1 flex-col">{children}</div>
    </div>
  );
}

/** The main "add" button of a list screen's title row. */
export function AddButton({
  onClick,
  children,
  testId,
}: {
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <button type="button" className="btn btn-primary btn-sm" onClick={onClick} data-testid={testId}>
      <IconPlus size={16} />
      {children}
    </button>
  );
}
