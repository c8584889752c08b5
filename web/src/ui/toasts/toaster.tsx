import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { IconAlert, IconCheck, IconInfo, IconX } from '../icons';
import { dismissToast } from './toast';
import { type ToastKind, toastsAtom } from './toasts-atom';

const ALERT: Record<ToastKind, string> = {
  success: 'alert-success',
  error: 'alert-error',
  warning: 'alert-warning',
  info: 'alert-info',
};

const ICON: Record<ToastKind, typeof IconInfo> = {
  success: IconCheck,
  error: IconAlert,
  warning: IconAlert,
  info: IconInfo,
};

/**
 * The toast stack (top right, under the 4rem top bar: never over the bell and the user menu); mounted once by the
 * app.
 */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const { t } = useLingui();
  if (!toasts.length) return null;
  return (
    <div className="toast toast-top toast-end top-18 z-[1000] max-w-[calc(100vw-1rem)]" aria-live="polite">
      {toasts.map((item) => {
        const Icon = ICON[item.kind];
        return (
          <div
            key={item.id}
            role={item.kind === 'error' ? 'alert' : 'status'}
            className={`alert ${ALERT[item.kind]} w-80 max-w-full items-start shadow-lg`}
            data-testid="toast"
          >
            <Icon size={20} className="mt-0.5 shrink-0" />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <span className="whitespace-normal break-words text-sm">{item.message}</span>
              {item.action ? (
                <button
                  type="button"
                  className="btn btn-sm self-start"
                  onClick={() => {
                    item.action?.onClick();
                    dismissToast(item.id);
                  }}
                >
                  {item.action.label}
                </button>
              ) : null}
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-xs btn-circle shrink-0"
              onClick={() => dismissToast(item.id)}
              aria-label={t`Fechar`}
            >
              <IconX size={14} />
            </button>
          </div>
        );
      })}
    </div>
  );
}
