import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openConnection } from './api/connection';
import { App } from './app/App';
import { StoresProvider } from './app/stores-context';
import { TokenMissing } from './app/TokenMissing';
import { createStores } from './stores';

const connection = openConnection(window);
const root = createRoot(document.getElementById('root')!);

if (connection.kind === 'no-token') {
  root.render(
    <StrictMode>
      <TokenMissing />
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
