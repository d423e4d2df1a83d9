import { detectActivity } from './lib/activity';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setupI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/push';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';
import './styles/auth.css';
import './styles/profile.css';
import './styles/landing.css';
import './styles/avatars.css';

detectActivity();
setupI18n();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
