import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toastError } from '../../lib/errors';
import { type AppLocale, currentLocale, isAppLocale, LOCALE_NAMES, LOCALES, saveLocale } from '../../lib/i18n';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { IconCheck, IconGlobe, IconPalette, IconVolume } from '../../ui/icons';
import { Modal, ModalActions } from '../../ui/modal';
import { patchSessionUser } from '../auth/session';
import { useSessionUser } from '../auth/use-capabilities';
import { updateUser } from '../users/users-api';
import { storedTheme } from './theme';
import { THEME_LABELS } from './theme-labels';
import { THEME_NAMES, THEMES, type ThemeName } from './themes';
import { clampVolume, PREFERENCES_DEFAULT_VOLUME } from './volume';

const SLOT_NAMES = ['primary', 'secondary', 'accent', 'neutral', 'info'] as const;

/**
 * Spec 1 §2 Preferences: volume 0–100 (default 30), colour theme, palette preview, APLICAR closes and reloads.
 * Also the interface language (ours: spec 1 says the UI is translated; the choice is kept in localStorage).
 * The volume is the user's one value, saved on the server like the profile's (issue 12 point 8); theme and language
 * stay in this browser.
 */
export function PreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const user = useSessionUser();
  const [theme, setTheme] = useState<ThemeName>(storedTheme);
  const [volume, setVolume] = useState<number>(() => clampVolume(user?.volume) ?? PREFERENCES_DEFAULT_VOLUME);
  const [locale, setLocale] = useState<AppLocale>(currentLocale);
  const [saving, setSaving] = useState(false);

  const apply = async () => {
    if (user && volume !== user.volume) {
      setSaving(true);
      try {
        await updateUser(user.id, { volume });
        patchSessionUser({ volume });
      } catch (err) {
        // nothing is applied when the volume could not be saved: the dialog stays open with the choices
        toastError(err);
        setSaving(false);
        return;
      }
    }
    writeStorage(STORAGE_KEYS.theme, theme);
    saveLocale(locale);
    onClose();
    window.location.reload();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={<Trans>Preferências</Trans>}
      size="lg"
      testId="preferences-dialog"
      actions={
        <ModalActions
          onCancel={onClose}
          onConfirm={apply}
          confirmLabel={<Trans>APLICAR</Trans>}
          confirmTestId="preferences-apply"
          busy={saving}
        />
      }
    >
      <div className="flex flex-col gap-6">
        <section>
          <h4 className="mb-2 flex items-center gap-2 text-sm font-semibold">
            <IconVolume size={18} /> <Trans>Volume das notificações</Trans>
          </h4>
          <div className="flex items-center gap-4">
            <input
              type="range"
              min={0}
              max={100}
              step={1}
              value={volume}
              onChange={(e) => setVolume(Number(e.target.value))}
              className="range range-primary range-sm flex-1"
              aria-label={t`Volume`}
              data-testid="preferences-volume"
            />
            <span className="w-12 text-right font-mono text-sm tabular-nums">{volume}%</span>
          </div>
        </section>

        <section>
          <h4 className="mb-2 flex items-center gap-2 text-sm font-semibold">
            <IconPalette size={18} /> <Trans>Tema de cores</Trans>
          </h4>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" role="radiogroup" aria-label={t`Tema de cores`}>
            {THEME_NAMES.map((name) => {
              const selected = name === theme;
              return (
                <button
                  key={name}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  onClick={() => setTheme(name)}
                  data-testid="theme-option"
                  data-theme-name={name}
                  className={`flex items-center gap-3 rounded-box border p-3 text-left transition-colors ${
                    selected ? 'border-primary bg-primary/5 ring-1 ring-primary' : 'border-base-300 hover:bg-base-200'
                  }`}
                >
                  <span className="flex shrink-0 overflow-hidden rounded-field border border-base-300">
                    {THEMES[name].slots.map((hex, i) => (
                      <span
                        key={SLOT_NAMES[i]}
                        className="block size-5"
                        style={{ backgroundColor: hex }}
                        title={`${SLOT_NAMES[i]} ${hex}`}
                      />
                    ))}
                  </span>
                  <span className="flex-1 text-sm font-medium">{i18n._(THEME_LABELS[name])}</span>
                  {selected ? <IconCheck size={18} className="text-primary" /> : null}
                </button>
              );
            })}
          </div>
          <div className="mt-3" data-testid="palette-preview">
            <p className="mb-1 text-xs text-base-content/60">
              <Trans>Paleta de cores</Trans> — {i18n._(THEME_LABELS[theme])}
            </p>
            <div className="flex h-10 overflow-hidden rounded-box border border-base-300">
              {THEMES[theme].slots.map((hex, i) => (
                <div key={SLOT_NAMES[i]} className="flex-1" style={{ backgroundColor: hex }} title={hex} />
              ))}
            </div>
          </div>
        </section>

        <section>
          <h4 className="mb-2 flex items-center gap-2 text-sm font-semibold">
            <IconGlobe size={18} /> <Trans>Idioma</Trans>
          </h4>
          <select
            className="select w-full sm:w-72"
            value={locale}
            onChange={(e) => isAppLocale(e.target.value) && setLocale(e.target.value)}
            aria-label={t`Idioma`}
            data-testid="preferences-language"
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </section>
      </div>
    </Modal>
  );
}
