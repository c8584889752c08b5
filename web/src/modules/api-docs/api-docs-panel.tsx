import { Trans, useLingui } from '@lingui/react/macro';
import { atom, useAtom } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { backendUrl } from '../../lib/config';
import { EmptyState } from '../../ui/empty-state';
import { IconAlert, IconKey, IconRefresh } from '../../ui/icons';
import { getSessionToken } from '../auth/session-store';

/** Swagger UI and its CSS load only when a docs page opens: the main bundle does not carry them. */
const SwaggerViewer = lazy(() => import('./swagger-viewer'));

export type DocsKind = 'public' | 'internal';

const DOC_PATH: Record<DocsKind, string> = { public: '/api/documents', internal: '/api/internalDocs' };

/**
 * The API token pasted for try-it, kept in memory for the tab only (never stored, never in a URL): the token
 * screen sets it after creating a token ("testar na documentação"), the docs pages read it.
 */
export const tryItTokenAtom = atom('');

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; spec: object };

/** GET /api/documents | /api/internalDocs, with `servers` set to this deployment's API URL (from /config.js). */
function useApiDocument(kind: DocsKind): { state: Loaded; reload: () => void } {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the retry button's trigger
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    fetch(`${backendUrl()}${DOC_PATH[kind]}`, { credentials: 'omit' })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const spec = (await res.json()) as Record<string, unknown>;
        if (live) setState({ status: 'ready', spec: { ...spec, servers: [{ url: backendUrl() }] } });
      })
      .catch(() => {
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [kind, round]);
  return { state, reload: useCallback(() => setRound((r) => r + 1), []) };
}

/**
 * The interactive documentation of the message API (`public`) or of the whole platform (`internal`): how to get a
 * token, a field to paste it (try-it sends it as `Authorization: Bearer`), then the viewer.
 */
export function ApiDocsPanel({ kind }: { kind: DocsKind }) {
  const { t } = useLingui();
  const { state, reload } = useApiDocument(kind);
  const [token, setToken] = useAtom(tryItTokenAtom);
  const [draft, setDraft] = useState(token);
  const [auth, setAuth] = useState<{ scheme: string; token: string } | null>(
    token ? { scheme: 'apiToken', token } : null,
  );

  const applyToken = () => {
    const value = draft.trim();
    setToken(value);
    setAuth(value ? { scheme: 'apiToken', token: value } : null);
  };
  const applySession = () => {
    const session = getSessionToken();
    if (session) setAuth({ scheme: 'session', token: session });
  };

  return (
    <div className="flex flex-col gap-4" data-testid={`api-docs-${kind}`}>
      <div className="rounded-box border border-base-300 bg-base-200/50 p-4" data-testid="api-docs-token-help">
        <div className="flex items-start gap-3">
          <IconKey size={20} className="mt-0.5 shrink-0 text-primary" />
          <div className="min-w-0 flex-1 space-y-2 text-sm">
            <p className="font-medium">
              <Trans>Como testar as chamadas</Trans>
            </p>
            <p className="text-base-content/70">
              <Trans>
                Crie um token em{' '}
                <Link href="/apisendmessage" className="link link-primary">
                  Tokens de API
                </Link>{' '}
                (o token é mostrado por completo logo após a criação; depois, um administrador pode revelá-lo e copiá-lo
                na lista). Cole-o abaixo e use "Try it out" em uma chamada: ela é enviada de verdade, para{' '}
                <code className="rounded bg-base-300 px-1">{backendUrl()}</code>, com o cabeçalho Authorization: Bearer.
              </Trans>
            </p>
            <form
              className="flex flex-wrap items-center gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                applyToken();
              }}
            >
              <input
                type="password"
                autoComplete="off"
                className="input input-sm w-full font-mono sm:w-96"
                placeholder={t`Cole aqui o seu token de API`}
                aria-label={t`Token de API`}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                data-testid="api-docs-token"
              />
              <button type="submit" className="btn btn-primary btn-sm" data-testid="api-docs-token-apply">
                <Trans>Usar este token</Trans>
              </button>
              {kind === 'internal' ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={applySession}
                  data-testid="api-docs-use-session"
                >
                  <Trans>Usar minha sessão nas rotas da plataforma</Trans>
                </button>
              ) : null}
              {auth ? (
                <span className="badge badge-soft badge-success badge-sm" data-testid="api-docs-token-active">
                  {auth.scheme === 'session' ? <Trans>Sessão em uso</Trans> : <Trans>Token em uso</Trans>}
                </span>
              ) : null}
            </form>
          </div>
        </div>
      </div>

      {state.status === 'ready' ? (
        <Suspense fallback={<ViewerLoading />}>
          <SwaggerViewer spec={state.spec} auth={auth} />
        </Suspense>
      ) : state.status === 'loading' ? (
        <ViewerLoading />
      ) : (
        <EmptyState
          icon={<IconAlert size={28} />}
          title={<Trans>Não foi possível carregar a documentação</Trans>}
          description={<Trans>Verifique a conexão com o servidor e tente de novo.</Trans>}
          action={
            <button type="button" className="btn btn-primary btn-sm" onClick={reload} data-testid="api-docs-retry">
              <IconRefresh size={16} />
              <Trans>Tentar novamente</Trans>
            </button>
          }
        />
      )}
    </div>
  );
}

function ViewerLoading() {
  return (
    <div className="flex justify-center py-16" data-testid="api-docs-loading">
      <span className="loading loading-spinner loading-md text-primary" />
    </div>
  );
}
