import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { HOME_PATH, type PageComponent } from './lib/route-types';
import { authStatusAtom } from './modules/auth/atoms/auth-status-atom';
import { MainLayout } from './modules/layout/main-layout';
import { ROUTES } from './routes';
import { ErrorBoundary } from './ui/error-boundary';
import { FullPageLoader } from './ui/full-page-loader';
import { Toaster } from './ui/toasts/toaster';

const NotFoundPage = lazy(() => import('./pages/not-found-page'));

const PRIVATE = ROUTES.filter((r) => r.access === 'private');
const OUTSIDE = ROUTES.filter((r) => r.access !== 'private');

function Page({ page: P, params }: { page: PageComponent; params: Record<string, string | undefined> }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<FullPageLoader />}>
        <P params={params} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** /login and /signup: an authenticated user is sent to / (spec 1 §2). */
function PublicOnly({ page, params }: { page: PageComponent; params: Record<string, string | undefined> }) {
  const status = useAtomValue(authStatusAtom);
  if (status === 'checking') return <FullPageLoader />;
  if (status === 'authenticated') return <Redirect to="/" replace />;
  return <Page page={page} params={params} />;
}

/** Every private route: a visitor without a session goes to /login; the layout stays mounted across pages. */
function PrivateArea() {
  const status = useAtomValue(authStatusAtom);
  if (status === 'checking') return <FullPageLoader />;
  if (status === 'anonymous') return <Redirect to="/login" replace />;
  return (
    <MainLayout>
      <Switch>
        {PRIVATE.map((r) => (
          <Route key={r.path} path={r.path}>
            {(params) => <Page page={r.page} params={params} />}
          </Route>
        ))}
        <Route>
          <Page page={NotFoundPage} params={{}} />
        </Route>
      </Switch>
    </MainLayout>
  );
}

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <Switch>
        {OUTSIDE.map((r) => (
          <Route key={r.path} path={r.path}>
            {(params) =>
              r.access === 'publicOnly' ? (
                <PublicOnly page={r.page} params={params} />
              ) : (
                <Page page={r.page} params={params} />
              )
            }
          </Route>
        ))}
        <Route path="/">
          <Redirect to={HOME_PATH} replace />
        </Route>
        <Route>
          <PrivateArea />
        </Route>
      </Switch>
      <Toaster />
    </I18nProvider>
  );
}
