// The non-fatal 404 for unmatched routes (loaded on demand): the layout stays around it.
import { useLocation } from 'react-router';
import { unmatchedRouteError } from '../../app/errors';
import { usePageTitle } from '../shared/usePageTitle';
import { useT } from '../../i18n/I18nContext';
import { ErrorView } from './ErrorPage';

export function NotFoundPage() {
  const location = useLocation();
  const t = useT();
  usePageTitle(t('errors.notFoundTitle'));
  return <ErrorView error={unmatchedRouteError(location.pathname)} fullPage={false} />;
}
