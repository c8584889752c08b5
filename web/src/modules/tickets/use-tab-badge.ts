import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { tabBadge } from './tab-badge';

const ICON_SIZE = 64;

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
}

/** The favicon with a red count bubble (drawn on a canvas over the product icon). */
async function badgedIcon(baseHref: string, text: string): Promise<string | null> {
  const canvas = document.createElement('canvas');
  canvas.width = ICON_SIZE;
  canvas.height = ICON_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  await new Promise<void>((resolve) => {
    const img = new Image();
    img.onload = () => {
      ctx.drawImage(img, 0, 0, ICON_SIZE, ICON_SIZE);
      resolve();
    };
    img.onerror = () => resolve();
    img.src = baseHref;
  });
  const r = ICON_SIZE * 0.3;
  const cx = ICON_SIZE - r;
  const cy = r;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = '#dc2626';
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold ${text.length > 1 ? r * 1.05 : r * 1.35}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, cx, cy + 1);
  return canvas.toDataURL('image/png');
}

/** Keeps the browser tab's title and icon on the pending/open counts while the tickets screen is shown. */
export function useTabBadge(pending: number, open: number): void {
  const { t } = useLingui();
  useEffect(() => {
    const baseTitle = document.title;
    return () => {
      document.title = baseTitle;
      const link = iconLink();
      if (link?.dataset.base) link.setAttribute('href', link.dataset.base);
      link?.removeAttribute('data-badge');
    };
  }, []);

  useEffect(() => {
    const b = tabBadge(pending, open);
    document.title =
      b.kind === 'pending'
        ? `(${b.count}) ${t`Tickets aguardando`} · ZapDesk`
        : b.kind === 'open'
          ? `(${b.count}) ${t`Tickets abertos`} · ZapDesk`
          : `${t`Sem novas mensagens`} · ZapDesk`;
    const link = iconLink();
    if (!link) return;
    link.dataset.base ??= link.getAttribute('href') ?? '/favicon.svg';
    const base = link.dataset.base;
    if (b.kind === 'none') {
      link.setAttribute('href', base);
      link.removeAttribute('data-badge');
      return;
    }
    let alive = true;
    void badgedIcon(base, b.icon).then((href) => {
      if (!alive || !href) return;
      link.setAttribute('href', href);
      link.setAttribute('data-badge', b.icon);
    });
    return () => {
      alive = false;
    };
  }, [pending, open, t]);
}
