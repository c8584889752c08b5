import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { IconAlert } from './icons';

type State = { error: Error | null };

/** A page that failed to render (or whose chunk failed to load after a deploy) offers a reload, not a blank. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="card bg-base-100 shadow-sm" data-testid="error-boundary">
        <EmptyState
          icon={<IconAlert size={28} />}
          title={<Trans>Algo deu errado ao abrir esta página.</Trans>}
          description={this.state.error.message}
          action={
            <button type="button" className="btn btn-primary btn-sm" onClick={() => window.location.reload()}>
              <Trans>Recarregar</Trans>
            </button>
          }
        />
      </div>
    );
  }
}
