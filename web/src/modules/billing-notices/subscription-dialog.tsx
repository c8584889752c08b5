import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { errorParts, parseApiError } from '../../lib/errors';
import { validateAndSave } from '../../lib/save-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { IconCheck, IconMail, IconPhone, IconX } from '../../ui/icons';
import { toast } from '../../ui/toasts/toast';
import { isDaysNotice, NOTICE_ORDER, useDaysLabel, useNoticeLabels } from './notice-labels';
import {
  CHANNELS,
  type Channel,
  checkWhatsapp,
  editSubscription,
  type SubscriptionDto,
  type SubscriptionFields,
  storeSubscription,
} from './notices-api';
import {
  DAY_OPTIONS,
  inputOf,
  SubscriptionForm,
  valuesOf,
  WHATSAPP_CHECK_MIN,
  whatsappBlocks,
} from './subscription-values';

/** the API's refusal of a number without WhatsApp (spec 3 §5) */
const WHATSAPP_INVALID = 'Este numero não possui um WhatsApp';

type Errors = Partial<Record<'contactName' | 'email' | 'whatsapp', string>>;
/** the WhatsApp field's check: none yet, running, or its answer (or why it could not run) */
type Check = { state: 'idle' | 'checking' | 'valid' | 'invalid' } | { state: 'failed'; message: string };

/**
 * Add/edit a notification subscription (spec 3 §3, §4, §5): the contact (name 2–50, e-mail, WhatsApp checked on
 * blur) — editable by the master only — and, per channel, which billing notices go out and how many days before
 * and after the due date.
 */
export function SubscriptionDialog({
  companyId,
  subscription,
  master,
  onClose,
  onSaved,
}: {
  companyId: number;
  subscription: SubscriptionDto | null;
  master: boolean;
  onClose: () => void;
  onSaved: (s: SubscriptionDto) => void;
}) {
  const { t } = useLingui();
  const [values, setValues] = useState<SubscriptionFields>(() => valuesOf(subscription));
  const [errors, setErrors] = useState<Errors>({});
  const initial = subscription?.whatsappVAlidatedNumber;
  const [check, setCheck] = useState<Check>({
    state: initial === 'valido' ? 'valid' : initial === 'invalido' ? 'invalid' : 'idle',
  });
  /** the number the last check was about (a blur without a change does not ask again) */
  const checkedNumber = useRef<string | null>(initial ? (subscription?.whatsapp ?? null) : null);
  const labels = useNoticeLabels();
  const daysLabel = useDaysLabel();
  const contactLocked = !master;

  const set = <K extends keyof SubscriptionFields>(key: K, value: SubscriptionFields[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  /** spec 3 §4: asks `GET /helper/whatsapp/{number}` once the number has 3 characters; valid → normalized number */
  const runCheck = async (raw: string): Promise<SubscriptionFields['whatsappVAlidatedNumber']> => {
    const number = raw.trim();
    if (number.length < WHATSAPP_CHECK_MIN) {
      checkedNumber.current = null;
      setCheck({ state: 'idle' });
      set('whatsappVAlidatedNumber', null);
      return null;
    }
    if (number === checkedNumber.current) return values.whatsappVAlidatedNumber;
    setCheck({ state: 'checking' });
    try {
      const r = await checkWhatsapp(number);
      const verdict = r.valid ? 'valido' : 'invalido';
      const shown = r.valid && r.number ? r.number : number;
      checkedNumber.current = shown;
      setValues((v) => ({ ...v, whatsapp: shown, whatsappVAlidatedNumber: verdict }));
      setCheck({ state: r.valid ? 'valid' : 'invalid' });
      setErrors((e) => ({ ...e, whatsapp: undefined }));
      return verdict;
    } catch (err) {
      // "could not check" (no platform connection…) is not "invalid": the save is not blocked
      checkedNumber.current = null;
      set('whatsappVAlidatedNumber', null);
      setCheck({ state: 'failed', message: parseApiError(err) });
      return null;
    }
  };

  const submit = async () => {
    const invalidText = t`Este numero não possui um WhatsApp`;
    let verdict = values.whatsappVAlidatedNumber;
    if (!contactLocked && values.whatsapp.trim() !== (checkedNumber.current ?? '')) {
      verdict = await runCheck(values.whatsapp);
    }
    if (whatsappBlocks(values.whatsapp, verdict)) {
      // the line under the field already says it in red; the toast answers the click
      toast.error(invalidText);
      return;
    }
    await validateAndSave({
      schema: SubscriptionForm,
      values: { ...values, email: values.email.trim(), whatsapp: values.whatsapp.trim() },
      setErrors,
      save: async () => {
        const input = inputOf(values, master);
        try {
          return await (subscription
            ? editSubscription(subscription.id, companyId, input)
            : storeSubscription(companyId, input));
        } catch (err) {
          // the API checks the number again: its "no WhatsApp" shows under the field too
          if (errorParts(err).message === WHATSAPP_INVALID) setCheck({ state: 'invalid' });
          throw err;
        }
      },
      savedMessage: t`Assinatura salva com sucesso`,
      onSaved,
    });
  };

  return (
    <FormDialog
      title={subscription ? <Trans>Editar assinatura</Trans> : <Trans>Adicionar assinatura</Trans>}
      size="lg"
      testId="subscription-dialog"
      saveTestId="subscription-save"
      onClose={onClose}
      onSubmit={submit}
    >
      {contactLocked ? (
        <p className="-mb-2 text-xs text-base-content/60" data-testid="subscription-contact-locked">
          <Trans>Somente o administrador da plataforma altera os dados de contato.</Trans>
        </p>
      ) : null}
      <div className="grid gap-x-3 sm:grid-cols-3">
        <FormField
          label={<Trans>Nome do contato</Trans>}
          error={errors.contactName}
          errorTestId="subscription-name-error"
        >
          <input
            className={`input w-full ${errors.contactName ? 'input-error' : ''}`}
            value={values.contactName}
            onChange={(e) => {
              set('contactName', e.target.value);
              setErrors((x) => ({ ...x, contactName: undefined }));
            }}
            maxLength={60}
            disabled={contactLocked}
            autoFocus={!contactLocked}
            data-testid="subscription-name"
          />
        </FormField>
        <FormField label={<Trans>E-mail</Trans>} error={errors.email} errorTestId="subscription-email-error">
          <input
            type="email"
            className={`input w-full ${errors.email ? 'input-error' : ''}`}
            value={values.email}
            onChange={(e) => {
              set('email', e.target.value);
              setErrors((x) => ({ ...x, email: undefined }));
            }}
            maxLength={254}
            disabled={contactLocked}
            data-testid="subscription-email"
          />
        </FormField>
        <FormField label={<Trans>WhatsApp</Trans>} error={errors.whatsapp} errorTestId="subscription-whatsapp-error">
          <label className={`input w-full ${check.state === 'invalid' ? 'input-error' : ''}`}>
            <input
              inputMode="tel"
              value={values.whatsapp}
              placeholder="5511999998888"
              onChange={(e) => {
                const v = e.target.value;
                setValues((x) => ({ ...x, whatsapp: v, whatsappVAlidatedNumber: null }));
                checkedNumber.current = null;
                setCheck({ state: 'idle' });
                setErrors((x) => ({ ...x, whatsapp: undefined }));
              }}
              onBlur={(e) => void runCheck(e.target.value)}
              maxLength={30}
              disabled={contactLocked}
              data-testid="subscription-whatsapp"
            />
            {check.state === 'checking' ? <span className="loading loading-spinner loading-xs" /> : null}
          </label>
          <WhatsappCheckLine check={check} />
        </FormField>
      </div>

      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-sm" data-testid="subscription-notices">
          <thead>
            <tr>
              <th>
                <Trans>Aviso</Trans>
              </th>
              {CHANNELS.map((ch) => (
                <th key={ch} className="w-40 text-center">
                  <span className="inline-flex items-center gap-1.5">
                    {ch === 'Wp' ? <IconPhone size={14} /> : <IconMail size={14} />}
                    {ch === 'Wp' ? <Trans>WhatsApp</Trans> : <Trans>E-mail</Trans>}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTICE_ORDER.map((notice) => (
              <tr key={notice}>
                <td>
                  <div className="text-sm font-medium">{labels[notice].label}</div>
                  <div className="text-xs text-base-content/60">{labels[notice].hint}</div>
                </td>
                {CHANNELS.map((ch: Channel) => {
                  const key = `${notice}${ch}` as const;
                  const testId = `subscription-${notice}-${ch}`;
                  const name = `${labels[notice].label} (${ch === 'Wp' ? 'WhatsApp' : t`E-mail`})`;
                  return (
                    <td key={ch} className="text-center">
                      {isDaysNotice(notice) ? (
                        <select
                          className="select select-sm w-32"
                          value={values[key as `${typeof notice}${Channel}`] as number}
                          onChange={(e) => set(key as keyof SubscriptionFields, Number(e.target.value) as never)}
                          aria-label={name}
                          data-testid={testId}
                        >
                          {DAY_OPTIONS.map((d) => (
                            <option key={d} value={d}>
                              {daysLabel(d)}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <input
                          type="checkbox"
                          className="toggle toggle-primary toggle-sm"
                          checked={values[key as keyof SubscriptionFields] as boolean}
                          onChange={(e) => set(key as keyof SubscriptionFields, e.target.checked as never)}
                          aria-label={name}
                          data-testid={testId}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </FormDialog>
  );
}

/** the line under the WhatsApp field: the check's verdict (spec 3 §4, §5 texts) or why it could not run */
function WhatsappCheckLine({ check }: { check: Check }) {
  if (check.state === 'valid')
    return (
      <p className="label text-success" data-testid="subscription-whatsapp-status" data-state="valid">
        <IconCheck size={14} />
        <Trans>Este numero possui um WhatsApp</Trans>
      </p>
    );
  if (check.state === 'invalid')
    return (
      <p className="label text-error" data-testid="subscription-whatsapp-status" data-state="invalid">
        <IconX size={14} />
        <Trans>Este numero não possui um WhatsApp</Trans>
      </p>
    );
  if (check.state === 'failed')
    return (
      <p
        className="label whitespace-normal text-warning"
        data-testid="subscription-whatsapp-status"
        data-state="failed"
      >
        {check.message}
      </p>
    );
  return null;
}
