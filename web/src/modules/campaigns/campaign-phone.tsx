import { Trans, useLingui } from '@lingui/react/macro';
import type { ButtonList } from '@zapdesk/core';
import { IconCheckCheck, IconPaperclip } from '../../ui/icons';

/** One message of a campaign as the contact sees it: the greeting, then the text or the file with its caption. */
export type PhoneMessage = { greeting: string; body: string; mediaName: string | null };

function Bubble({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <div className="flex justify-start" data-testid={testId}>
      <div className="max-w-[85%] rounded-xl rounded-bl-sm bg-white px-2.5 py-1.5 text-[13px] leading-snug text-neutral-900 shadow-sm">
        {children}
        <span className="float-right ml-2 mt-1 flex items-center text-[10px] text-neutral-500">
          <IconCheckCheck size={12} className="text-sky-500" />
        </span>
      </div>
    </div>
  );
}

/**
 * The creator's and the manager's preview: a phone (the contact's) showing what one contact receives — the greeting,
 * then (after the typing wait) the message, and the setup's reply buttons when it has them. Read-only.
 */
export function CampaignPhone({
  title,
  message,
  buttons,
  empty,
  paneClassName = 'h-[320px]',
}: {
  title: string;
  message: PhoneMessage | null;
  buttons?: ButtonList | null;
  empty?: React.ReactNode;
  paneClassName?: string;
}) {
  const { t } = useLingui();
  const greeting = message?.greeting.trim() ?? '';
  const body = message?.body.trim() ?? '';
  return (
    <div
      className="mx-auto w-full max-w-[300px] rounded-[2rem] border-[8px] border-neutral-800 bg-neutral-800 shadow-lg"
      data-testid="campaign-phone"
    >
      <div className="overflow-hidden rounded-[1.5rem] bg-[#efeae2]">
        <div className="flex items-center gap-2 bg-[#075e54] px-3 pb-2 pt-2.5 text-white">
          <div className="flex size-8 shrink-0 items-center justify-center rounded-full bg-white/20 text-sm font-semibold">
            {title.slice(0, 1).toUpperCase()}
          </div>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">{title}</p>
            <p className="truncate text-[11px] text-white/75">{t`online`}</p>
          </div>
        </div>
        <div
          className={`flex flex-col gap-1.5 overflow-y-auto px-2.5 py-3 ${paneClassName}`}
          data-testid="campaign-phone-pane"
        >
          {!greeting && !body && !message?.mediaName ? (
            <p className="m-auto max-w-[13rem] rounded-lg bg-[#fff5c4] px-3 py-2 text-center text-xs text-neutral-700">
              {empty ?? <Trans>A prévia da mensagem aparece aqui.</Trans>}
            </p>
          ) : (
            <>
              {greeting ? (
                <Bubble testId="campaign-phone-greeting">
                  <span className="whitespace-pre-wrap break-words">{greeting}</span>
                </Bubble>
              ) : null}
              {body || message?.mediaName ? (
                <Bubble testId="campaign-phone-message">
                  {message?.mediaName ? (
                    <span className="mb-0.5 flex items-center gap-1.5 rounded-md bg-black/5 px-2 py-1 text-xs text-neutral-700">
                      <IconPaperclip size={14} />
                      <span className="truncate">{message.mediaName}</span>
                    </span>
                  ) : null}
                  {body ? <span className="whitespace-pre-wrap break-words">{body}</span> : null}
                </Bubble>
              ) : null}
              {buttons && buttons.buttons.length > 0 ? (
                <div className="flex flex-col gap-1" data-testid="campaign-phone-buttons">
                  <Bubble testId="campaign-phone-button-title">
                    <span className="whitespace-pre-wrap break-words">{buttons.text}</span>
                    {buttons.footer ? (
                      <span className="block text-[11px] text-neutral-500">{buttons.footer}</span>
                    ) : null}
                  </Bubble>
                  {buttons.buttons.map((b) => (
                    <div
                      key={b.buttonId}
                      className="max-w-[85%] rounded-lg bg-white py-1 text-center text-[13px] text-sky-600 shadow-sm"
                    >
                      {b.buttonText.displayText}
                    </div>
                  ))}
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
