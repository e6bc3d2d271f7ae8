// The app bar, navigation (inline from lg, a drawer below) and the page container, shared by the
// default and admin layouts. While the learner writes on a small screen the app bar gives way
// and the container's padding shrinks (writingFocus.ts).
import { Suspense, lazy, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { Link, NavLink, useLocation } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import { MOBILE_BREAKPOINT } from '../theme';
import { AccountButton } from './AccountButton';
import type { NavItem } from './navItem';
import { SyncIndicator } from './SyncIndicator';
import { useCompactChrome } from './writingFocus';
import { ClockWarning } from './ClockWarning';
import { SessionEndedBanner } from './SessionEndedBanner';

const LanguagePicker = lazy(() => import('./LanguagePicker').then((m) => ({ default: m.LanguagePicker })));
const NavDrawer = lazy(() => import('./NavDrawer'));

export function AppShell({
  items,
  secondary,
  secondaryTitle,
  title,
  titleTo,
  children,
}: {
  items: NavItem[];
  secondary?: NavItem[];
  secondaryTitle?: string;
  title: string;
  titleTo: string;
  children: ReactNode;
}) {
  const t = useT();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down(MOBILE_BREAKPOINT), { noSsr: true });
  const compact = useCompactChrome();
  const [open, setOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const location = useLocation();
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  if (drawerPath !== location.pathname) {
    // Close the drawer after navigating.
    setDrawerPath(location.pathname);
    setOpen(false);
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: (th) => th.zIndex.appBar + 1,
          p: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          '&:focus': { top: 8 },
        }}
      >
        {t('nav.skipToContent')}
      </Box>
      <AppBar position="sticky" enableColorOnDark sx={compact ? { display: 'none' } : undefined}>
        <Toolbar sx={{ gap: 1 }}>
          {mobile && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('nav.openMenu')}
              aria-controls="app-nav-drawer"
              aria-expanded={open}
              onClick={() => {
                setDrawerLoaded(true);
                setOpen(true);
              }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography
            variant="h6"
            component={Link}
            to={titleTo}
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, whiteSpace: 'nowrap' }}
          >
            {title}
          </Typography>
          {!mobile && (
            <Box component="nav" aria-label={t('nav.label')} sx={{ display: 'flex', gap: 0.5, ml: 2, flexWrap: 'wrap' }}>
              {[...items, ...(secondary ?? [])].map((item) => (
                <Button
                  key={item.to}
                  component={NavLink}
                  to={item.to}
                  end={item.end}
                  color="inherit"
                  startIcon={item.icon}
                  // Darkening, not lightening, the bar keeps white text above 4.5:1 contrast.
                  sx={{ '&.active': { bgcolor: 'rgba(0,0,0,0.24)' } }}
                >
                  {item.label}
                </Button>
              ))}
            </Box>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {!mobile && (
            <Suspense fallback={null}>
              <LanguagePicker dense />
            </Suspense>
          )}
          <SyncIndicator />
          <AccountButton />
        </Toolbar>
      </AppBar>
      {mobile && drawerLoaded && (
        <Suspense fallback={null}>
          <NavDrawer
            open={open}
            onClose={() => setOpen(false)}
            title={title}
            items={items}
            secondary={secondary}
            secondaryTitle={secondaryTitle}
          />
        </Suspense>
      )}
      <Container component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, py: compact ? 1 : 3, px: compact ? 1.5 : undefined, outline: 'none' }}>
        {/* Not while writing on a phone: the canvas keeps the screen (the warning stays elsewhere). */}
        {!compact && <ClockWarning />}
        {!compact && <SessionEndedBanner />}
        {children}
      </Container>
    </Box>
  );
}
