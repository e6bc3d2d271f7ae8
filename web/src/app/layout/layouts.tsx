// The default and admin layouts (SPEC §2).
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import FontDownloadOutlined from '@mui/icons-material/FontDownloadOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StyleOutlined from '@mui/icons-material/StyleOutlined';
import ViewAgendaOutlined from '@mui/icons-material/ViewAgendaOutlined';
import { Suspense, type ReactNode } from 'react';
import { Outlet, useParams } from 'react-router';
import { useI18n, useT } from '../../i18n/I18nContext';
import { languageName } from '../languageName';
import { validParams } from '../routeParams';
import { useShowsAdmin } from '../../features/admin/access';
import { AdminShellsContext } from './adminShells';
import { AppShell } from './AppShell';
import type { NavItem } from './navItem';

/** The page of the route; pages load on demand, and the layout stays on screen meanwhile. */
function PageOutlet() {
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
}

/** The main navigation; Admin only for those who may use it (admins and editors). */
export function useMainNav(): NavItem[] {
  const t = useT();
  const admin = useShowsAdmin();
  return [
    { to: '/home', label: t('nav.home'), icon: <HomeOutlined /> },
    { to: '/decks', label: t('nav.decks'), icon: <StyleOutlined /> },
    { to: '/entries', label: t('nav.entries'), icon: <ListAltOutlined /> },
    { to: '/cards', label: t('nav.cards'), icon: <ViewAgendaOutlined /> },
    { to: '/settings', label: t('nav.settings'), icon: <SettingsOutlined /> },
    ...(admin ? [{ to: '/admin', label: t('nav.admin'), icon: <AdminPanelSettingsOutlined /> }] : []),
  ];
}

export function DefaultLayout() {
  const t = useT();
  return (
    <AppShell title={t('app.name')} titleTo="/home" items={useMainNav()}>
      <PageOutlet />
    </AppShell>
  );
}

export function AdminLayout() {
  const { t, locale } = useI18n();
  const { languageCode } = useParams();
  const items: NavItem[] = [
    { to: '/home', label: t('nav.backToApp'), icon: <HomeOutlined /> },
    { to: '/admin', label: t('nav.adminLanguages'), icon: <LanguageOutlined />, end: true },
  ];
  const secondary: NavItem[] | undefined = languageCode
    ? [
        { to: `/admin/${languageCode}`, label: t('admin.overview'), icon: <AdminPanelSettingsOutlined />, end: true },
        { to: `/admin/${languageCode}/decks`, label: t('nav.decks'), icon: <StyleOutlined /> },
        { to: `/admin/${languageCode}/entries`, label: t('nav.entries'), icon: <ListAltOutlined /> },
        { to: `/admin/${languageCode}/characters`, label: t('admin.characters'), icon: <FontDownloadOutlined /> },
      ]
    : undefined;
  return (
    <AppShell
      title={t('admin.title')}
      titleTo="/admin"
      items={items}
      secondary={secondary}
      secondaryTitle={languageCode ? languageName(languageCode, locale) : undefined}
    >
      <PageOutlet />
    </AppShell>
  );
}

/** Hands the admin gate (features/admin/AdminGate.tsx) the layouts it chooses between. */
export function AdminShellsProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const items = useMainNav();
  const params = useParams();
  const inDefault = (content: ReactNode) => (
    <AppShell title={t('app.name')} titleTo="/home" items={items}>
      {content}
    </AppShell>
  );
  return (
    <AdminShellsContext.Provider value={{ admin: <AdminLayout />, defaultLayout: <DefaultLayout />, inDefault, paramsValid: validParams(params) }}>
      {children}
    </AdminShellsContext.Provider>
  );
}
