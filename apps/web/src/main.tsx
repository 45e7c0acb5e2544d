import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { createAppRouter } from './app/app-router';
import { initI18n } from './i18n/i18n';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

void initI18n().then(() => {
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
