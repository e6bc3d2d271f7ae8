// The app bar's account control: "Sign in" for guests, the account for a signed-in user.
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { Link } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import { useAuthState } from '../../session/authBridge';
import { sessionStored } from '../../session/storedSession';

export function AccountButton() {
  const t = useT();
  const auth = useAuthState();
  if (auth.status === 'unknown') {
    // While the auth store loads: an invisible stand-in the size of the control that will most
    // likely show (a stored session signs in), so the bar's other controls do not move when it
    // does (Lighthouse counted the sync button's shift).
    return sessionStored() ? (
      <IconButton color="inherit" disabled aria-hidden sx={{ visibility: 'hidden' }} data-testid="account-placeholder">
        <AccountCircleOutlined />
      </IconButton>
    ) : (
      <Button color="inherit" disabled aria-hidden sx={{ visibility: 'hidden' }} data-testid="account-placeholder">
        {t('signin.title')}
      </Button>
    );
  }
  if (auth.status === 'guest') {
    return (
      <Button color="inherit" component={Link} to="/signin">
        {t('signin.title')}
      </Button>
    );
  }
  return (
    <IconButton color="inherit" component={Link} to="/settings#account" aria-label={t('auth.signedInAs', { email: auth.user?.email ?? '' })}>
      <AccountCircleOutlined />
    </IconButton>
  );
}
