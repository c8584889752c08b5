import type { ReactNode } from 'react';
import { PRODUCT_TITLE } from '../../lib/config';
import { ProductMark } from '../layout/product-mark';

/** The centred card of the login and sign-up screens. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-full items-center justify-center bg-gradient-to-br from-primary/90 to-primary px-4 py-10">
      <div className="card w-full max-w-md bg-base-100 shadow-2xl">
        <div className="card-body gap-6 p-6 sm:p-8">
          <div className="flex flex-col items-center gap-3 text-center">
            <ProductMark className="size-14" />
            <div>
              <p className="text-sm font-semibold uppercase tracking-widest text-primary">{PRODUCT_TITLE}</p>
              <h1 className="mt-1 text-2xl font-bold">{title}</h1>
              {subtitle ? <p className="mt-1 text-sm text-base-content/70">{subtitle}</p> : null}
            </div>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
