import { useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { ConnectionsWatcher } from '../connections/connections-watcher';
import { useTicketNotifications } from '../tickets/use-transfer-notifications';
import { AppDrawer } from './app-drawer';
import { mobileDrawerOpenAtom } from './atoms/mobile-drawer-open-atom';
import { TopBar } from './top-bar';

/**
 * Spec 1 §2 main layout: a 240 px drawer, permanent from 600 px wide (collapsible to icons), temporary below;
 * the top bar; the page.
 */
export function MainLayout({ children }: { children: ReactNode }) {
  const [mobileOpen, setMobileOpen] = useAtom(mobileDrawerOpenAtom);
  // a transfer to me shows its persistent 'Visualizar ticket' notice on every screen, not only on /tickets
  useTicketNotifications();
  return (
    // grid-rows-1: daisyUI's drawer is a grid whose implicit row grows with the page's content; one 1fr row
    // (minimum 0) keeps the layout one viewport high, so each page scrolls inside <main> or its own panes
    <div className="drawer desk:drawer-open h-full grid-rows-1">
      {/* keeps the connections live for the drawer's '!' badge on every screen (spec 1 §2) */}
      <ConnectionsWatcher />
      <input
        id="app-drawer"
        type="checkbox"
        className="drawer-toggle"
        checked={mobileOpen}
        onChange={(e) => setMobileOpen(e.target.checked)}
        aria-hidden="true"
        tabIndex={-1}
      />
      <div className="drawer-content flex h-full min-h-0 min-w-0 flex-col">
        <TopBar />
        <main className="min-h-0 flex-1 overflow-auto p-3 desk:p-6" data-testid="page-content">
          {children}
        </main>
      </div>
      <div className="drawer-side z-40 h-full">
        <label htmlFor="app-drawer" className="drawer-overlay" aria-label="close" />
        <AppDrawer />
      </div>
    </div>
  );
}
