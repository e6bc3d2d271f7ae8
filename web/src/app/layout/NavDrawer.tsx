// The navigation drawer below the lg breakpoint (loaded when first opened).
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import type { NavItem } from './navItem';
import { LanguagePicker } from './LanguagePicker';

/** `onPick` closes the drawer: navigating does too, but a tap on the page already shown would not. */
function NavList({ items, subheader, onPick }: { items: NavItem[]; subheader?: string; onPick: () => void }) {
  return (
    <List subheader={subheader ? <ListSubheader>{subheader}</ListSubheader> : undefined}>
      {items.map((item) => (
        <ListItemButton key={item.to} component={NavLink} to={item.to} end={item.end} onClick={onPick}
          sx={{ '&.active': { bgcolor: 'action.selected' } }}>
          <ListItemIcon>{item.icon}</ListItemIcon>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
    </List>
  );
}

export default function NavDrawer({ open, onClose, title, items, secondary, secondaryTitle }: {
  open: boolean;
  onClose: () => void;
  title: string;
  items: NavItem[];
  secondary?: NavItem[];
  secondaryTitle?: string;
}) {
  const t = useT();
  return (
    // Anchored at the start: MUI flips 'left' to the right under a right-to-left theme.
    <Drawer id="app-nav-drawer" open={open} onClose={onClose} anchor="left">
      <Toolbar>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label={t('nav.label')} sx={{ width: 280 }}>
        <NavList items={items} onPick={onClose} />
        {secondary && secondary.length > 0 && (
          <>
            <Divider />
            <NavList items={secondary} subheader={secondaryTitle} onPick={onClose} />
          </>
        )}
        <Box sx={{ p: 2 }}>
          <LanguagePicker fullWidth />
        </Box>
      </Box>
    </Drawer>
  );
}
