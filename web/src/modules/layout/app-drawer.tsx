import { useLingui } from '@lingui/react/macro';
import { type DrawerEntry, drawerEntries } from '@zapdesk/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useLocation } from 'wouter';
import { PRODUCT_TITLE } from '../../lib/config';
import { IconShield } from '../../ui/icons';
import { useCapabilities } from '../auth/use-capabilities';
import { AREA_LABELS, type AreaKey, SECTION_LABELS } from './area-labels';
import { connectionsAttentionAtom } from './atoms/connections-attention-atom';
import { drawerCollapsedAtom } from './atoms/drawer-collapsed-atom';
import { mobileDrawerOpenAtom } from './atoms/mobile-drawer-open-atom';
import { DRAWER_ICONS } from './drawer-icons';
import { ProductMark } from './product-mark';

/** Does the current location belong to this entry? (case-insensitive: /flowlist ≡ /flowList) */
function isActive(location: string, path: string): boolean {
  const l = location.toLowerCase();
  const p = path.toLowerCase();
  return l === p || l.startsWith(`${p}/`);
}

function EntryItem({ entry, collapsed }: { entry: DrawerEntry; collapsed: boolean }) {
  const { i18n } = useLingui();
  const [location] = useLocation();
  const attention = useAtomValue(connectionsAttentionAtom);
  const closeMobile = useSetAtom(mobileDrawerOpenAtom);
  const label = i18n._(AREA_LABELS[entry.key as AreaKey] ?? { id: entry.key, message: entry.key });
  const Icon = DRAWER_ICONS[entry.key] ?? IconShield;
  const badge = entry.key === 'connections' && attention;
  const content = (
    <>
      <span className="indicator">
        <Icon size={20} />
        {badge && collapsed ? (
          <span className="indicator-item badge badge-error badge-xs px-1 font-bold" data-testid="connections-badge">
            !
          </span>
        ) : null}
      </span>
      {collapsed ? null : <span className="truncate">{label}</span>}
      {badge && !collapsed ? (
        <span className="badge badge-error badge-sm ml-auto font-bold" data-testid="connections-badge">
          !
        </span>
      ) : null}
    </>
  );
  const common = {
    'data-testid': 'drawer-entry',
    'data-key': entry.key,
    'data-section': entry.section,
    'data-disabled': entry.disabled ? 'true' : 'false',
  };
  const tip = collapsed ? `tooltip tooltip-right` : '';
  if (entry.disabled) {
    return (
      <li {...common} className={`menu-disabled ${tip}`} data-tip={label} aria-disabled="true" title={label}>
        <span className="gap-3">{content}</span>
      </li>
    );
  }
  return (
    <li {...common} className={tip} data-tip={label}>
      <Link
        href={entry.path}
        className={`gap-3 ${isActive(location, entry.path) ? 'bg-primary/10 font-semibold text-primary' : ''}`}
        aria-current={isActive(location, entry.path) ? 'page' : undefined}
        aria-label={collapsed ? label : undefined}
        onClick={() => closeMobile(false)}
      >
        {content}
      </Link>
    </li>
  );
}

function Section({
  entries,
  title,
  collapsed,
  submenu,
}: {
  entries: DrawerEntry[];
  title: string;
  collapsed: boolean;
  submenu: boolean;
}) {
  if (!entries.length) return null;
  const items = entries.map((e) => <EntryItem key={e.key} entry={e} collapsed={collapsed} />);
  if (collapsed) {
    return (
      <>
        <li className="my-1 h-px bg-base-300" aria-hidden="true" />
        {items}
      </>
    );
  }
  if (!submenu) {
    return (
      <>
        <li className="menu-title mt-3 text-xs uppercase tracking-wide">{title}</li>
        {items}
      </>
    );
  }
  return (
    <li className="mt-2">
      <details open data-testid={`drawer-submenu`}>
        <summary className="gap-3 text-xs font-semibold uppercase tracking-wide text-base-content/60">{title}</summary>
        <ul>{items}</ul>
      </details>
    </li>
  );
}

/** The left drawer of spec 1 §2: entries and gating from core's `drawerEntries(capabilities)`. */
export function AppDrawer() {
  const caps = useCapabilities();
  const { i18n, t } = useLingui();
  const collapsed = useAtomValue(drawerCollapsedAtom);
  const mobileOpen = useAtomValue(mobileDrawerOpenAtom);
  // the collapsed (icons-only) look is for the permanent drawer; the temporary one always shows labels
  const iconsOnly = collapsed && !mobileOpen;
  if (!caps) return null;
  const entries = drawerEntries(caps);
  const of = (s: DrawerEntry['section']) => entries.filter((e) => e.section === s);
  return (
    <aside
      className={`flex min-h-full flex-col border-r border-base-300 bg-base-100 transition-[width] duration-200 ${
        iconsOnly ? 'w-[72px]' : 'w-60'
      }`}
      aria-label={t`Menu principal`}
      data-testid="app-drawer"
    >
      <div className="flex h-16 shrink-0 items-center gap-2 border-b border-base-300 px-4">
        <ProductMark className="size-8 shrink-0" />
        {iconsOnly ? null : <span className="truncate text-lg font-bold tracking-tight">{PRODUCT_TITLE}</span>}
      </div>
      <ul className={`menu w-full flex-1 flex-nowrap gap-0.5 overflow-y-auto ${iconsOnly ? 'items-center px-2' : ''}`}>
        {of('main').map((e) => (
          <EntryItem key={e.key} entry={e} collapsed={iconsOnly} />
        ))}
        <Section entries={of('admin')} title={i18n._(SECTION_LABELS.admin)} collapsed={iconsOnly} submenu={false} />
        <Section
          entries={of('administration')}
          title={i18n._(SECTION_LABELS.administration)}
          collapsed={iconsOnly}
          submenu
        />
        <Section entries={of('saas')} title={i18n._(SECTION_LABELS.saas)} collapsed={iconsOnly} submenu />
      </ul>
    </aside>
  );
}
