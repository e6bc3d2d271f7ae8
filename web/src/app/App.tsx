// The app: providers around the router.
import { RouterProvider } from 'react-router';
import type { I18nStore } from '../i18n/i18nStore';
import { AppProviders } from './AppProviders';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App({ i18n }: { i18n: I18nStore }) {
  return (
    <AppProviders i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
