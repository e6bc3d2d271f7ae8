// The document title of a page.
import { useEffect } from 'react';
import { useI18n } from '../../i18n/I18nContext';

/** Sets the document title to `title · app name`. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useI18n();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
