import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders.tsx';
import { routes } from './app/routes.tsx';
import { startI18n } from './i18n/index.ts';

startI18n().catch((error: unknown) => console.error('Failed to start translations', error));

const router = createBrowserRouter(routes);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
