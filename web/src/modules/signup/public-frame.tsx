import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PRODUCT_TITLE } from '../../lib/config';
import { ProductMark } from '../layout/product-mark';

/**
 * The branded header and footer of the public pages (spec 3 §2 /store, /subscription "branded header and footer"):
 * the platform's mark and name (build settings), a way to the login, the body in between.
 */
export function PublicFrame({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-h-full flex-col bg-base-200" data-testid={testId}>
      <header className="bg-primary text-primary-content shadow" data-testid="public-header">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
          <Link href="/store" className="flex items-center gap-2" aria-label={PRODUCT_TITLE}>
            <ProductMark className="size-9" />
            <span className="text-lg font-bold tracking-wide">{PRODUCT_TITLE}</span>
          </Link>
          <span className="hidden text-sm opacity-80 sm:inline">
            <Trans>Atendimento pelo WhatsApp para a sua empresa</Trans>
          </span>
          <Link href="/login" className="btn btn-ghost btn-sm ml-auto text-primary-content" data-testid="public-login">
            <Trans>Entrar</Trans>
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-3 py-4 sm:px-4 sm:py-6">{children}</main>
      <footer className="border-t border-base-300 bg-base-100" data-testid="public-footer">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-xs text-base-content/60">
          <span>
            © {new Date().getFullYear()} {PRODUCT_TITLE}
          </span>
          <span>
            <Trans>15 dias de teste grátis, sem cartão</Trans>
          </span>
          <Link href="/store" className="link">
            <Trans>Planos</Trans>
          </Link>
          <Link href="/login" className="link">
            <Trans>Entrar</Trans>
          </Link>
        </div>
      </footer>
    </div>
  );
}
