import { Trans } from '@lingui/react/macro';
import { NOTICE_KINDS, type NoticeKind, renderInline } from '@zapdesk/core';
import { useEffect, useState } from 'react';
import { parseApiError } from '../../lib/errors';
import { IconCheckCheck, IconMail } from '../../ui/icons';
import { InlineTokens } from '../messages/inline-tokens';
import { type PreviewDto, previewTemplate, type TemplateFields } from './notices-api';
import { useNoticeKindLabel } from './template-labels';

/** the wait after the last keystroke before the preview is asked again */
export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The editor's live preview: the unsaved texts rendered by the API with a sample invoice
 * (`POST /notification/template/preview`), as the WhatsApp message and the e-mail. A template for every notice is
 * previewed as one of them (picked here). Texts with unknown placeholders are not sent (the editor shows why).
 */
export function TemplatePreview({ values, blocked }: { values: TemplateFields; blocked: boolean }) {
  const noticeLabel = useNoticeKindLabel();
  const [sampleNotice, setSampleNotice] = useState<NoticeKind>('daysBefore');
  const notice = values.notice === 'all' ? sampleNotice : values.notice;
  const [preview, setPreview] = useState<PreviewDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { thumbnailWpHtml, textWp, emailHtml, emailTitle } = values;

  useEffect(() => {
    if (blocked) return;
    let live = true;
    const timer = setTimeout(() => {
      previewTemplate({ notice, thumbnailWpHtml, textWp, emailHtml, emailTitle })
        .then((p) => {
          if (!live) return;
          setPreview(p);
          setError(null);
        })
        .catch((err) => {
          if (live) setError(parseApiError(err));
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [notice, thumbnailWpHtml, textWp, emailHtml, emailTitle, blocked]);

  return (
    <aside className="flex min-h-0 flex-col gap-3 overflow-y-auto" data-testid="template-preview">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex-1 text-sm font-semibold text-base-content/70">
          <Trans>Pré-visualização com uma fatura de exemplo</Trans>
        </h2>
        {values.notice === 'all' ? (
          <select
            className="select select-xs w-auto"
            value={sampleNotice}
            onChange={(e) => setSampleNotice(e.target.value as NoticeKind)}
            data-testid="template-preview-notice"
          >
            {NOTICE_KINDS.map((k) => (
              <option key={k} value={k}>
                {noticeLabel(k)}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      {blocked || error ? (
        <p
          className="rounded-box bg-warning/10 px-3 py-2 text-xs text-warning-content"
          data-testid="template-preview-stale"
        >
          {error ?? <Trans>Corrija as variáveis desconhecidas para atualizar a pré-visualização.</Trans>}
        </p>
      ) : null}
      {preview ? (
        <>
          <WhatsappPreview
            text={preview.textWp}
            thumbnailHtml={preview.thumbnailWpHtml}
            contactName={preview.values.contato ?? ''}
          />
          <EmailPreview title={preview.emailTitle} html={preview.emailHtml} to={preview.values.contato ?? ''} />
        </>
      ) : (
        <span className="loading loading-dots loading-sm" />
      )}
    </aside>
  );
}

/**
 * A piece of HTML shown without letting it act: a sandboxed iframe (no scripts, no same origin, no forms, no
 * popups, no top navigation) over `srcdoc`, with its own CSP so it loads nothing but inline styles and data/https
 * images (the app's CSP applies on top).
 */
function HtmlFrame({
  html,
  title,
  className,
  testId,
}: {
  html: string;
  title: string;
  className?: string;
  testId?: string;
}) {
  const doc = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: https:; style-src 'unsafe-inline'; font-src data:"><base target="_blank"><style>body{margin:0;padding:12px;font-family:system-ui,sans-serif;font-size:14px;color:#111;background:#fff;overflow-wrap:anywhere}</style></head><body>${html}</body></html>`;
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={doc}
      className={className}
      data-testid={testId}
      referrerPolicy="no-referrer"
    />
  );
}

/** The WhatsApp side of the preview: the link thumbnail (its HTML) above the text, in a chat bubble. */
function WhatsappPreview({
  text,
  thumbnailHtml,
  contactName,
}: {
  text: string;
  thumbnailHtml: string;
  contactName: string;
}) {
  const body = text.trim();
  return (
    <div className="overflow-hidden rounded-box border border-base-300" data-testid="template-preview-whatsapp">
      <div className="flex items-center gap-2 bg-[#075e54] px-3 py-2 text-white">
        <div className="flex size-7 shrink-0 items-center justify-center rounded-full bg-white/20 text-xs font-semibold">
          {contactName.slice(0, 1).toUpperCase()}
        </div>
        <span className="truncate text-sm font-medium">{contactName}</span>
      </div>
      <div className="bg-[#efeae2] p-3">
        {body || thumbnailHtml.trim() ? (
          <div className="ml-auto max-w-[90%] rounded-xl rounded-br-sm bg-[#d9fdd3] p-1.5 text-[13px] leading-snug text-neutral-900 shadow-sm">
            {thumbnailHtml.trim() ? (
              <HtmlFrame
                html={thumbnailHtml}
                title="WhatsApp thumbnail"
                className="mb-1 h-24 w-full rounded-lg bg-white"
                testId="template-preview-thumbnail"
              />
            ) : null}
            <div className="whitespace-pre-wrap break-words px-1" data-testid="template-preview-wp-text">
              <InlineTokens tokens={renderInline(body)} />
            </div>
            <span className="float-right ml-2 mt-0.5 flex items-center gap-1 text-[10px] text-neutral-500">
              09:00
              <IconCheckCheck size={12} className="text-sky-500" />
            </span>
            <div className="clear-both" />
          </div>
        ) : (
          <p className="py-4 text-center text-xs text-neutral-500">
            <Trans>A mensagem de WhatsApp aparece aqui.</Trans>
          </p>
        )}
      </div>
    </div>
  );
}

/** The e-mail side of the preview: subject, recipient and the HTML body (sandboxed). */
function EmailPreview({ title, html, to }: { title: string; html: string; to: string }) {
  return (
    <div className="overflow-hidden rounded-box border border-base-300" data-testid="template-preview-email">
      <div className="flex flex-col gap-0.5 border-b border-base-300 bg-base-200/60 px-3 py-2 text-sm">
        <div className="flex items-center gap-2 font-medium" data-testid="template-preview-email-title">
          <IconMail size={14} className="shrink-0" />
          <span className="truncate">{title.trim() || '—'}</span>
        </div>
        <div className="truncate text-xs text-base-content/60">
          <Trans>Para: {to}</Trans>
        </div>
      </div>
      {html.trim() ? (
        <HtmlFrame html={html} title="E-mail" className="h-72 w-full bg-white" testId="template-preview-email-html" />
      ) : (
        <p className="py-6 text-center text-xs text-base-content/60">
          <Trans>O corpo do e-mail aparece aqui.</Trans>
        </p>
      )}
    </div>
  );
}
