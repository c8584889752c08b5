import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { PRODUCT_TITLE } from '../../lib/config';
import { IconAlert } from '../../ui/icons';
import { ProductMark } from '../layout/product-mark';
import { fetchRedirect } from './notices-api';

/** only web addresses are followed (a stored `javascript:` or `data:` address is refused) */
export function safeRedirect(url: string): string | null {
  try {
    const u = new URL(url, window.location.origin);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * /n/{notificationPlatform}/{notificationId} (spec 3 §2, public): the link of a billing notice. Asks where it leads
 * (`GET /n/{platform}/{id}`, which also records the click) and sends the browser there; an unknown or broken link
 * says so.
 */
export function NoticeRedirectScreen({ platform, id }: { platform: string; id: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetchRedirect(platform, id)
      .then((r) => {
        const target = live ? safeRedirect(r.urlRedirect) : null;
        if (target) window.location.replace(target);
        else if (live) setFailed(true);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [platform, id]);

  return (
    <div className="flex min-h-full items-center justify-center bg-base-200 p-4" data-testid="notice-redirect-page">
      <div className="card w-full max-w-sm bg-base-100 shadow-sm">
        <div className="card-body items-center gap-3 text-center">
          <div className="flex items-center gap-2">
            <ProductMark className="size-8" />
            <span className="font-semibold">{PRODUCT_TITLE}</span>
          </div>
          {failed ? (
            <div className="flex flex-col items-center gap-2" data-testid="notice-redirect-error">
              <IconAlert size={28} className="text-warning" />
              <h1 className="text-lg font-semibold">
                <Trans>Link inválido ou expirado</Trans>
              </h1>
              <p className="text-sm text-base-content/70">
                <Trans>Não foi possível abrir este link. Confira a mensagem recebida ou fale com o suporte.</Trans>
              </p>
              <Link href="/login" className="btn btn-sm btn-ghost mt-1">
                <Trans>Ir para o início</Trans>
              </Link>
            </div>
          ) : (
            <div className="flex flex-col items-center gap-2" data-testid="notice-redirect-waiting">
              <span className="loading loading-spinner loading-md text-primary" />
              <p className="text-base">
                <Trans>Redirecionando…</Trans>
              </p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
