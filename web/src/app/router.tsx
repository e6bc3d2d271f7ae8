// The routes of SPEC §2, declared as <Routes> (declarative mode: the data router would add 17 KiB
// gzipped to the first load, make bench). Pages load on demand (React.lazy, driving the loading
// bar); routes with parameters validate them first (invalid → fatal 404); unmatched paths get the
// non-fatal 404 inside their layout.
import { Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, matchPath, useLocation, useParams } from 'react-router';
import { pageNotFoundError } from './errors';
import { AdminShellsProvider, DefaultLayout } from './layout/layouts';
import { trackLoading } from './loadingBar';
import { RootLayout } from './RootLayout';
import { validParams } from './routeParams';

type PageModule = Promise<Record<string, unknown>>;

/** Page components already loaded, by module loader and export name. */
const loadedPages = new Map<() => PageModule, Record<string, unknown>>();

/** A page loaded on demand: `name` is the module's export to render. The load holds the loading
 * bar (it is the navigation's only wait: pages read their data themselves). A page whose module is
 * already loaded (preloadPage) renders at once: React.lazy would suspend once even then, and React
 * holds back revealing a suspended page for up to 300 ms. */
function lazyPage(load: () => PageModule, name: string): ComponentType {
  const Lazy = lazy(() =>
    trackLoading(load()).then((m) => {
      loadedPages.set(load, m);
      return { default: m[name] as ComponentType };
    }),
  );
  return function Page() {
    // Chosen once per mount, so a page never switches component type under its own state.
    const [Component] = useState(() => (loadedPages.get(load)?.[name] as ComponentType | undefined) ?? Lazy);
    return <Component />;
  };
}

/** Renders `children` when the route's parameters are valid; else throws the fatal 404, which the
 * root error boundary shows full-page. */
function ValidParams({ children }: { children: ReactNode }) {
  const params = useParams();
  const location = useLocation();
  if (!validParams(params)) throw pageNotFoundError(location.pathname + location.search);
  return children;
}

const decks = () => import('../features/decks/routes');
const entries = () => import('../features/entries/routes');
const practice = () => import('../features/practice/routes');
const admin = () => import('../features/admin/routes');
const settings = () => import('../features/settings/routes');
const about = () => import('../features/about/routes');
const auth = () => import('../features/auth/SignInPage');
const writing = () => import('../features/writing/WritingPage');
const characterEditor = () => import('../features/characterEditor/routes');
const home = () => import('../features/home/routes');
const cards = () => import('../features/cards/CardsPage');
const NotFoundPage = lazyPage(() => import('../features/errors/NotFoundPage'), 'NotFoundPage');

/** On a native platform / goes straight to /home; on the web it is the landing page. */
const IndexPage = lazy(async () => {
  const [{ Capacitor }, m] = await trackLoading(Promise.all([import('@capacitor/core'), home()]));
  const Home = () => <Navigate to="/home" replace />;
  return { default: Capacitor.isNativePlatform() ? Home : (m.LandingPage as ComponentType) };
});

/** [path, module, export] of every page with parameters or without. */
const DEFAULT_PAGES: [string, () => PageModule, string][] = [
  ['home', home, 'HomePage'],
  ['theme', settings, 'ThemePage'],
  ['signin', auth, 'SignInPage'],
  ['settings', settings, 'SettingsPage'],
  ['about', about, 'AboutPage'],
  ['cards', cards, 'CardsPage'],
  ['decks', decks, 'DecksPage'],
  ['entries', entries, 'EntriesPage'],
  ['decks/:deckId', decks, 'DeckPage'],
  ['entries/:entryId', entries, 'EntryPage'],
  ['decks/:deckId/test', practice, 'DeckTestPage'],
  ['decks/:deckId/review', practice, 'DeckReviewPage'],
  ['decks/:deckId/entries/:entryId', entries, 'DeckEntryPage'],
  ['decks/:deckId/entries/:entryId/reading', practice, 'ReadingPage'],
  ['decks/:deckId/entries/:entryId/writing', writing, 'WritingPage'],
];

const ADMIN_PAGES: [string, () => PageModule, string][] = [
  [':languageCode', admin, 'AdminLanguagePage'],
  [':languageCode/decks', admin, 'AdminDecksPage'],
  [':languageCode/entries', admin, 'AdminEntriesPage'],
  [':languageCode/characters', characterEditor, 'AdminCharactersPage'],
  [':languageCode/decks/:deckId', admin, 'AdminDeckPage'],
  [':languageCode/entries/:entryId', admin, 'AdminEntryPage'],
  [':languageCode/characters/:characterId', characterEditor, 'AdminCharacterPage'],
];

/** Loads the page module of `pathname` (and the first data it preloads), so the first render
 * shows the page whole, without suspending. */
export async function preloadPage(pathname: string): Promise<void> {
  const pages = [
    ['/admin', admin] as const,
    ...DEFAULT_PAGES.map(([p, load]) => [`/${p}`, load] as const),
    ...ADMIN_PAGES.map(([p, load]) => [`/admin/${p}`, load] as const),
  ];
  const load = pages.find(([path]) => matchPath(path, pathname))?.[1];
  if (!load) return;
  try {
    const module: Record<string, unknown> = await load();
    loadedPages.set(load, module);
    // A page module may read its first screen's data meanwhile (`preload`), so the first render
    // shows it; never waited on for longer than PRELOAD_DATA_MAX_MS.
    const preload = module.preload as ((pathname: string) => Promise<void>) | undefined;
    if (typeof preload === 'function') {
      await Promise.race([preload(pathname).catch(() => undefined), new Promise((ok) => setTimeout(ok, PRELOAD_DATA_MAX_MS))]);
    }
  } catch {
    // the route's own load reports it (and reloads on a chunk error)
  }
}

/** The longest the first render waits for a page's own data preload. */
export const PRELOAD_DATA_MAX_MS = 300;

function routesOf(pages: [string, () => PageModule, string][]) {
  return pages.map(([path, load, name]) => {
    const Page = lazyPage(load, name);
    const element = path.includes(':') ? (
      <ValidParams>
        <Page />
      </ValidParams>
    ) : (
      <Page />
    );
    return <Route key={path} path={path} element={element} />;
  });
}

const defaultRoutes = routesOf(DEFAULT_PAGES);
const adminRoutes = routesOf(ADMIN_PAGES);
const AdminHomePage = lazyPage(admin, 'AdminHomePage');
// The admin layout comes with the admin pages: it decides who sees them (403 for anyone else).
const GatedAdminLayout = lazyPage(admin, 'GatedAdminLayout');

/** The app's routes, inside whichever router the caller provides. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<DefaultLayout />}>
          <Route index element={<IndexPage />} />
          {defaultRoutes}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route
          path="admin"
          element={
            <AdminShellsProvider>
              <Suspense fallback={null}>
                <GatedAdminLayout />
              </Suspense>
            </AdminShellsProvider>
          }
        >
          <Route index element={<AdminHomePage />} />
          {adminRoutes}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
