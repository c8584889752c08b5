import { useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { apiUrl, PRODUCT_TITLE } from '../../lib/config';
import { IconExternal, IconMenu, IconRefresh } from '../../ui/icons';
import { tokenAtom } from '../auth/atoms/token-atom';
import { ProfileDialog } from '../auth/profile-dialog';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { NotificationsBell } from '../notifications/notifications-bell';
import { PreferencesDialog } from '../preferences/preferences-dialog';
import { useCompanyBrandingLive } from '../settings/company-branding';
import { drawerCollapsedAtom } from './atoms/drawer-collapsed-atom';
import { mobileDrawerOpenAtom } from './atoms/mobile-drawer-open-atom';
import { GreetingSwitch } from './greeting-switch';
import { UserMenu } from './user-menu';

/** The wide/narrow split of spec 1 §2 (600 px) — must match `--breakpoint-desk` in styles.css. */
const NARROW_QUERY = '(max-width: 599.98px)';

function CompanyIdentity() {
  const user = useSessionUser();
  const token = useAtomValue(tokenAtom);
  // the logo URL that failed to load (a new logo gets its own chance)
  const [logoFailed, setLogoFailed] = useState<string | null>(null);
  if (!user) return null;
  const { company } = user;
  const title = company.companyName?.trim() || company.name?.trim() || PRODUCT_TITLE;
  return (
    <div className="flex min-w-0 items-center gap-3">
      {company.logoUrl && logoFailed !== company.logoUrl ? (
        <img
          src={apiUrl(company.logoUrl, token)}
          alt=""
          className="size-10 shrink-0 rounded-field bg-white object-contain p-0.5"
          onError={() => setLogoFailed(company.logoUrl)}
          data-testid="company-logo"
        />
      ) : null}
      <div className="flex min-w-0 flex-col leading-tight">
        {/* narrow screens: up to two lines, a name is never cut to a few letters beside the bar's buttons */}
        <span
          className="line-clamp-2 break-words text-sm font-semibold sm:line-clamp-1 sm:text-lg"
          data-testid="company-title"
        >
          {title}
        </span>
        {company.slogan ? (
          <span className="hidden truncate text-xs opacity-80 sm:block" data-testid="company-slogan">
            {company.slogan}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** Top bar of spec 1 §2. */
export function TopBar() {
  const { t } = useLingui();
  const caps = useCapabilities();
  const setCollapsed = useSetAtom(drawerCollapsedAtom);
  const setMobileOpen = useSetAtom(mobileDrawerOpenAtom);
  const [profileOpen, setProfileOpen] = useState(false);
  const [prefsOpen, setPrefsOpen] = useState(false);
  useCompanyBrandingLive();

  const toggleDrawer = () => {
    if (window.matchMedia(NARROW_QUERY).matches) setMobileOpen((o) => !o);
    else setCollapsed((c) => !c);
  };

  return (
    <>
      <header
        className="navbar sticky top-0 z-30 min-h-16 gap-1 bg-primary px-2 text-primary-content shadow-sm sm:px-3"
        data-testid="top-bar"
      >
        <button
          type="button"
          className="btn btn-ghost btn-square max-sm:btn-sm text-inherit"
          onClick={toggleDrawer}
          aria-label={t`Abrir ou recolher o menu`}
          data-testid="drawer-toggle"
        >
          <IconMenu size={22} />
        </button>
        <div className="min-w-0 flex-1">
          <CompanyIdentity />
        </div>
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
          <button
            type="button"
            className="btn btn-ghost btn-square btn-sm text-inherit"
            onClick={() => window.location.reload()}
            aria-label={t`Recarregar`}
            title={t`Recarregar`}
            data-testid="reload-button"
          >
            <IconRefresh size={18} />
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-square btn-sm text-inherit desk:hidden"
            onClick={() => window.open(window.location.href, '_blank', 'noopener')}
            aria-label={t`Abrir em nova janela`}
            title={t`Abrir em nova janela`}
            data-testid="new-window-button"
          >
            <IconExternal size={18} />
          </button>
          {caps?.showGreetingSwitch ? <GreetingSwitch /> : null}
          <NotificationsBell />
          <UserMenu onProfile={() => setProfileOpen(true)} onPreferences={() => setPrefsOpen(true)} />
        </div>
      </header>
      {/* outside the header: dialogs must not inherit the bar's colours */}
      {profileOpen ? <ProfileDialog open onClose={() => setProfileOpen(false)} /> : null}
      {prefsOpen ? <PreferencesDialog open onClose={() => setPrefsOpen(false)} /> : null}
    </>
  );
}
