// The app bar's account control: "Sign in" for guests, the account for a signed-in user.
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { Link } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import { useAuthState } from '../../session/authBridge';

export function AccountButton() {
  const t = useT();
  const auth = useAuthState();
  if (auth.status === 'unknown') return null;
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
