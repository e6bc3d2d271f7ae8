// The routes of SPEC §2 on a data router. Pages load on demand (route `lazy`); routes with
// parameters validate them first (invalid → fatal 404); unmatched paths get the non-fatal 404
// inside their layout.
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { AdminLayout, DefaultLayout } from './layout/layouts';
import { RootLayout, RouteErrorBoundary } from './RootLayout';
import { validateParamsLoader } from './routeParams';

type PageModule = Promise<Record<string, unknown>>;

/** A lazily loaded page: `name` is the export to use as the route component. */
function page(path: string | undefined, load: () => PageModule, name: string, validate = false): RouteObject {
  const lazy = async () => ({ Component: (await load())[name] as ComponentType });
  const loader = validate ? validateParamsLoader : undefined;
  return path === undefined ? { index: true, lazy, loader } : { path, lazy, loader };
}

const decks = () => import('../features/decks/pages');
const entries = () => import('../features/entries/pages');
const practice = () => import('../features/practice/pages');
const admin = () => import('../features/admin/pages');
const settings = () => import('../features/settings/pages');
const misc = () => import('../features/misc/pages');
const notFound = () => import('../features/errors/NotFoundPage');

/** On a native platform / goes straight to /home. */
export async function indexLoader(): Promise<Response | null> {
  const { Capacitor } = await import('@capacitor/core');
  return Capacitor.isNativePlatform() ? redirect('/home') : null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <></>,
    children: [
      {
        element: <DefaultLayout />,
        children: [
          { ...page(undefined, misc, 'LandingPage'), loader: indexLoader },
          page('home', misc, 'HomePage'),
          page('theme', settings, 'ThemePage'),
          page('signin', settings, 'SignInPage'),
          page('settings', settings, 'SettingsPage'),
          page('cards', misc, 'CardsPage'),
          page('decks', decks, 'DecksPage'),
          page('entries', entries, 'EntriesPage'),
          page('decks/:deckId', decks, 'DeckPage', true),
          page('entries/:entryId', entries, 'EntryPage', true),
          page('decks/:deckId/test', practice, 'DeckTestPage', true),
          page('decks/:deckId/review', practice, 'DeckReviewPage', true),
          page('decks/:deckId/entries/:entryId', entries, 'DeckEntryPage', true),
          page('decks/:deckId/entries/:entryId/reading', practice, 'ReadingPage', true),
          page('decks/:deckId/entries/:entryId/writing', practice, 'WritingPage', true),
          page('*', notFound, 'NotFoundPage'),
        ],
      },
      {
        path: 'admin',
        element: <AdminLayout />,
        children: [
          page(undefined, admin, 'AdminHomePage'),
          page(':languageCode', admin, 'AdminLanguagePage', true),
          page(':languageCode/decks', admin, 'AdminDecksPage', true),
          page(':languageCode/entries', admin, 'AdminEntriesPage', true),
          page(':languageCode/characters', admin, 'AdminCharactersPage', true),
          page(':languageCode/decks/:deckId', admin, 'AdminDeckPage', true),
          page(':languageCode/entries/:entryId', admin, 'AdminEntryPage', true),
          page(':languageCode/characters/:characterId', admin, 'AdminCharacterPage', true),
          page('*', notFound, 'NotFoundPage'),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
