import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// After styles.css (linked from index.html) and before any feature's own CSS, as the cascade expects.
import './app/controls.css';
import { openConnection } from './api/connection';
import { App } from './app/App';
import { StoresProvider } from './app/stores-context';
import { TokenMissing } from './app/TokenMissing';
import { RecordingPage } from './features/voice/RecordingPage';
import { initI18n } from './i18n';
import { createStores } from './stores';
import { applyTheme, storedTheme } from './theme';

// Before anything renders, so the first paint already has the chosen colours.
applyTheme(storedTheme());
initI18n();

const connection = openConnection(window);
const root = createRoot(document.getElementById('root')!);

if (connection.kind === 'no-token') {
  root.render(
    <StrictMode>
      <TokenMissing />
    </StrictMode>,
  );
} else if (location.hash.startsWith('#/record')) {
  // the desktop's recording indicator window (or a tab): only the recording, no dashboard around it; a
  // link to a dashboard page (Open Runs) loads the dashboard
  window.addEventListener('hashchange', () => {
    if (!location.hash.startsWith('#/record')) location.reload();
  });
  root.render(
    <StrictMode>
      <RecordingPage client={connection.client} hash={location.hash} />
    </StrictMode>,
  );
} else {
  const stores = createStores(connection.client, connection.kind === 'websocket' ? connection.socket : null);
  root.render(
    <StrictMode>
      <StoresProvider stores={stores}>
        <App />
      </StoresProvider>
    </StrictMode>,
  );
}
