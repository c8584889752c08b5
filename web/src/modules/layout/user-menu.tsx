import { Trans, useLingui } from '@lingui/react/macro';
import { IconChevronDown, IconLogout, IconSliders, IconUser } from '../../ui/icons';
import { logout } from '../auth/session';
import { useSessionUser } from '../auth/use-capabilities';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** User menu of spec 1 §2: Profile, Logout, Preferences. */
export function UserMenu({ onProfile, onPreferences }: { onProfile: () => void; onPreferences: () => void }) {
  const user = useSessionUser();
  const { t } = useLingui();
  if (!user) return null;
  const blur = () => (document.activeElement as HTMLElement | null)?.blur();
  return (
    <div className="dropdown dropdown-end">
      <button
        type="button"
        tabIndex={0}
        className="btn btn-ghost gap-2 px-1 text-inherit sm:px-2"
        aria-label={t`Menu do usuário`}
        data-testid="user-menu-button"
      >
        <span className="avatar avatar-placeholder">
          <span className="w-8 rounded-full bg-primary-content text-primary">
            <span className="text-xs font-bold">{initials(user.name)}</span>
          </span>
        </span>
        <span className="hidden max-w-40 truncate font-medium sm:inline" data-testid="user-name">
          {user.name}
        </span>
        {/* not on narrow screens: the company name needs the room (issue 12 §10) */}
        <IconChevronDown size={16} className="hidden opacity-70 sm:block" />
      </button>
      <ul
        tabIndex={-1}
        className="menu dropdown-content z-50 mt-2 w-60 rounded-box border border-base-300 bg-base-100 p-2 text-base-content shadow-lg"
        data-testid="user-menu"
      >
        <li className="pointer-events-none px-3 py-2">
          <div className="flex flex-col items-start gap-0 p-0">
            <span className="font-semibold">{user.name}</span>
            <span className="text-xs text-base-content/60">{user.email}</span>
          </div>
        </li>
        <li className="my-1 h-px bg-base-300" aria-hidden="true" />
        <li>
          <button
            type="button"
            onClick={() => {
              blur();
              onProfile();
            }}
            data-testid="menu-profile"
          >
            <IconUser size={18} /> <Trans>Perfil</Trans>
          </button>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              blur();
              onPreferences();
            }}
            data-testid="menu-preferences"
          >
            <IconSliders size={18} /> <Trans>Preferências</Trans>
          </button>
        </li>
        <li className="my-1 h-px bg-base-300" aria-hidden="true" />
        <li>
          <button
            type="button"
            className="text-error"
            onClick={() => {
              blur();
              void logout();
            }}
            data-testid="menu-logout"
          >
            <IconLogout size={18} /> <Trans>Sair</Trans>
          </button>
        </li>
      </ul>
    </div>
  );
}
