import { Trans, useLingui } from '@lingui/react/macro';
import { CompanySettingsBody } from '@zapdesk/core';
import { useAtomValue } from 'jotai';
import { type ChangeEvent, type FormEvent, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { apiUrl, PRODUCT_TITLE } from '../../lib/config';
import { fieldErrors, toastError, translateValidation } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { IconBuilding, IconContacts, IconDownload, IconImage, IconSheet, IconTrash, IconUpload } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { toast } from '../../ui/toasts/toast';
import { tokenAtom } from '../auth/atoms/token-atom';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { downloadContactsExport, downloadImportTemplate } from '../contacts/contacts-api';
import { applyCompanyBranding } from './company-branding';
import { checkLogoFile } from './logo-file';
import { SectionCard } from './section-card';
import { saveCompanySettings } from './settings-api';
import { TimeZoneCard } from './time-zone-card';

const ImportContactsDialog = lazy(() =>
  import('../contacts/import/import-contacts-dialog').then((m) => ({ default: m.ImportContactsDialog })),
);

/**
 * Settings (/Settings, spec 1 §2): the company's name, slogan and logo (png/jpg, 2 MB) shown in every user's top bar,
 * and the contact spreadsheet tools (export, template, import). Administrators with the settings entry only.
 */
export function SettingsScreen() {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.manageSettings) return <NoPermission />;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 pb-6" data-testid="settings-page">
      <div className="px-1">
        <h1 className="text-xl font-semibold">
          <Trans>Configurações</Trans>
        </h1>
        <p className="text-sm text-base-content/60">
          <Trans>Identidade da empresa, fuso horário e planilhas de contatos</Trans>
        </p>
      </div>
      <CompanyCard />
      <TimeZoneCard />
      <ContactsDataCard />
    </div>
  );
}

function CompanyCard() {
  const { t } = useLingui();
  const user = useSessionUser();
  const token = useAtomValue(tokenAtom);
  const company = user?.company;
  const [companyName, setCompanyName] = useState(company?.companyName ?? '');
  const [slogan, setSlogan] = useState(company?.slogan ?? '');
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [errors, setErrors] = useState<{ companyName?: string; slogan?: string; logo?: string }>({});
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!logo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  if (!user || !company) return null;
  const currentLogo = company.logoUrl && !removeLogo ? apiUrl(company.logoUrl, token) : null;
  const shownLogo = preview ?? currentLogo;

  const pickLogo = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = await checkLogoFile(file);
    if (problem) {
      setErrors((x) => ({ ...x, logo: translateValidation(problem) }));
      return;
    }
    setErrors((x) => ({ ...x, logo: undefined }));
    setLogo(file);
    setRemoveLogo(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = CompanySettingsBody.safeParse({ companyName, slogan });
    if (!parsed.success) {
      setErrors(fieldErrors<'companyName' | 'slogan'>(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveCompanySettings(user.companyId, { companyName, slogan, logo, removeLogo });
      applyCompanyBranding(saved);
      setLogo(null);
      setRemoveLogo(false);
      setCompanyName(saved.companyName ?? '');
      setSlogan(saved.slogan ?? '');
      toast.success(t`Salvo com sucesso`);
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const registeredName = company.name || PRODUCT_TITLE;
  const titlePreview = companyName.trim() || registeredName;

  return (
    <SectionCard
      icon={<IconBuilding size={20} />}
      title={<Trans>Empresa</Trans>}
      description={<Trans>Nome, slogan e logo exibidos na barra superior de todos os usuários da empresa.</Trans>}
      testId="settings-company"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 md:flex-row">
          <div className="flex shrink-0 flex-col items-center gap-2 md:w-48">
            <div className="flex size-32 items-center justify-center overflow-hidden rounded-box border border-base-300 bg-base-200/50">
              {shownLogo ? (
                <img
                  src={shownLogo}
                  alt={t`Logo da empresa`}
                  className="size-full object-contain p-2"
                  data-testid="settings-logo-preview"
                />
              ) : (
                <IconImage size={36} className="text-base-content/30" />
              )}
            </div>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,.png,.jpg,.jpeg"
              className="hidden"
              onChange={pickLogo}
              data-testid="settings-logo-input"
            />
            <div className="flex flex-wrap justify-center gap-1">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => fileInput.current?.click()}
                data-testid="settings-logo-pick"
              >
                <IconUpload size={16} />
                {shownLogo ? <Trans>Trocar logo</Trans> : <Trans>Enviar logo</Trans>}
              </button>
              {shownLogo ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-square text-error"
                  onClick={() => {
                    setLogo(null);
                    setRemoveLogo(!!company.logoUrl);
                  }}
                  aria-label={t`Remover logo`}
                  title={t`Remover logo`}
                  data-testid="settings-logo-remove"
                >
                  <IconTrash size={16} />
                </button>
              ) : null}
            </div>
            {errors.logo ? (
              <p className="text-center text-xs text-error" role="alert" data-testid="settings-logo-error">
                {errors.logo}
              </p>
            ) : (
              <p className="text-center text-xs text-base-content/60">
                <Trans>PNG ou JPG, até 2 MB</Trans>
              </p>
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col">
            <FormField
              label={<Trans>Nome da empresa</Trans>}
              error={errors.companyName}
              hint={<Trans>Vazio: a barra mostra o nome de cadastro ({registeredName}).</Trans>}
            >
              <input
                className={`input w-full ${errors.companyName ? 'input-error' : ''}`}
                value={companyName}
                maxLength={60}
                placeholder={company.name}
                onChange={(e) => {
                  setCompanyName(e.target.value);
                  setErrors((x) => ({ ...x, companyName: undefined }));
                }}
                data-testid="settings-company-name"
              />
            </FormField>
            <FormField label={<Trans>Slogan</Trans>} error={errors.slogan}>
              <input
                className={`input w-full ${errors.slogan ? 'input-error' : ''}`}
                value={slogan}
                maxLength={110}
                placeholder={t`Ex.: Atendimento que resolve`}
                onChange={(e) => {
                  setSlogan(e.target.value);
                  setErrors((x) => ({ ...x, slogan: undefined }));
                }}
                data-testid="settings-slogan"
              />
            </FormField>
            <div className="mt-3 rounded-box bg-primary px-3 py-2 text-primary-content">
              <p className="text-xs opacity-70">
                <Trans>Pré-visualização da barra superior</Trans>
              </p>
              <div className="mt-1 flex items-center gap-3">
                {shownLogo ? (
                  <img src={shownLogo} alt="" className="size-9 rounded-field bg-white object-contain p-0.5" />
                ) : null}
                <div className="min-w-0 leading-tight">
                  <p className="truncate font-semibold">{titlePreview}</p>
                  {slogan.trim() ? <p className="truncate text-xs opacity-80">{slogan.trim()}</p> : null}
                </div>
              </div>
            </div>
          </div>
        </div>
        <div className="flex justify-end border-t border-base-300 pt-3">
          <button type="submit" className="btn btn-primary" disabled={saving} data-testid="settings-save">
            {saving ? <span className="loading loading-spinner loading-sm" /> : null}
            <Trans>Salvar</Trans>
          </button>
        </div>
      </form>
    </SectionCard>
  );
}

function ContactsDataCard() {
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState<'export' | 'template' | null>(null);

  const run = async (kind: 'export' | 'template') => {
    setBusy(kind);
    try {
      await (kind === 'export' ? downloadContactsExport() : downloadImportTemplate());
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <SectionCard
      icon={<IconContacts size={20} />}
      title={<Trans>Contatos</Trans>}
      description={
        <Trans>
          Exporte todos os contatos para uma planilha, baixe o modelo ou importe contatos de uma planilha .xlsx.
        </Trans>
      }
      testId="settings-contacts"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <ToolButton
          icon={<IconDownload size={20} />}
          title={<Trans>Exportar contatos</Trans>}
          description={<Trans>Todos os contatos em .xlsx</Trans>}
          busy={busy === 'export'}
          onClick={() => run('export')}
          testId="settings-export"
        />
        <ToolButton
          icon={<IconSheet size={20} />}
          title={<Trans>Baixar modelo</Trans>}
          description={<Trans>Colunas name, number e email</Trans>}
          busy={busy === 'template'}
          onClick={() => run('template')}
          testId="settings-template"
        />
        <ToolButton
          icon={<IconUpload size={20} />}
          title={<Trans>Importar contatos</Trans>}
          description={<Trans>A partir de uma planilha .xlsx</Trans>}
          onClick={() => setImporting(true)}
          testId="settings-import"
        />
      </div>
      <Suspense fallback={null}>
        {importing ? <ImportContactsDialog onClose={() => setImporting(false)} /> : null}
      </Suspense>
    </SectionCard>
  );
}

function ToolButton({
  icon,
  title,
  description,
  onClick,
  busy,
  testId,
}: {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  onClick: () => void;
  busy?: boolean;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="flex items-center gap-3 rounded-box border border-base-300 px-4 py-3 text-left transition hover:border-primary hover:bg-base-200/50 disabled:opacity-60"
      onClick={onClick}
      disabled={busy}
      data-testid={testId}
    >
      <span className="text-primary">{busy ? <span className="loading loading-spinner loading-sm" /> : icon}</span>
      <span className="min-w-0">
        <span className="block font-medium">{title}</span>
        <span className="block text-xs text-base-content/60">{description}</span>
      </span>
    </button>
  );
}
