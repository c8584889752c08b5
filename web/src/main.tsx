import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initI18n } from './lib/i18n';
import { bootstrapSession } from './modules/auth/session';
import './styles.css';

async function start() {
  // the theme is already on <html data-theme> (inline script in index.html), so nothing flashes
  await initI18n();
  void bootstrapSession();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
