// /signin: sign in, create an account, forgotten password, a sign-in link by email, the second
// factor step, and the pages the mailed links open (?mode=resetPassword|verifyEmail|signIn|
// verifyAndChangeEmail|recoverEmail&oobCode=…, docs/identity.md): this page picks the form.
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import { useAuthStore } from '../../session/authBridge';
import { LoadingState, PageHeader } from '../shared/components';
import { SignInForms } from './SignInForms';
import { ResetPassword } from './ResetPassword';
import { ApplyCode } from './ApplyCode';
import { EmailLinkSignIn } from './EmailLinkSignIn';

export function SignInPage() {
  const t = useT();
  const [params] = useSearchParams();
  const store = useAuthStore();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  const title =
    mode === 'resetPassword'
      ? t('auth.reset.title')
      : mode === 'verifyEmail' || mode === 'verifyAndChangeEmail'
        ? t('auth.verify.title')
        : mode === 'recoverEmail'
          ? t('auth.recover.title')
          : t('signin.title');
  return (
    <>
      <PageHeader title={title} />
      {!store ? (
        <LoadingState />
      ) : oobCode && mode === 'resetPassword' ? (
        <ResetPassword store={store} oobCode={oobCode} />
      ) : oobCode && (mode === 'verifyEmail' || mode === 'verifyAndChangeEmail' || mode === 'recoverEmail') ? (
        <ApplyCode store={store} oobCode={oobCode} kind={mode === 'verifyEmail' ? 'verify' : mode === 'verifyAndChangeEmail' ? 'change' : 'recover'} />
      ) : oobCode && mode === 'signIn' ? (
        <EmailLinkSignIn store={store} oobCode={oobCode} />
      ) : (
        <SignInForms store={store} />
      )}
    </>
  );
}
