// /entries: every entry, searchable, filterable by language; its first rows are read before the
// first render (preload).
import { languageCodeStore } from '../../app/languageCode';
import { useT } from '../../i18n/I18nContext';
import { PageHeader } from '../shared/components';
import { ALL_LANGUAGES } from '../shared/filter';
import { preloadFirstEntries } from '../../db/read/entryList';
import { useListLanguage } from '../shared/lists';
import { useLanguageName } from '../../app/languages';
import { EntryBrowserOf, entryScope } from './EntryBrowser';

/** Before the first render of /entries: its first rows, so the first paint lists them. */
export async function preload(pathname: string): Promise<void> {
  if (pathname !== '/entries') return;
  await preloadFirstEntries(entryScope(languageCodeStore.get()));
}

export function EntriesPage() {
  const t = useT();
  const [language, setLanguage] = useListLanguage();
  const languageName = useLanguageName(language);
  return (
    <>
      <PageHeader title={t('entries.title')} subtitle={language === ALL_LANGUAGES ? t('lists.allLanguages') : t('entries.subtitle', { language: languageName })} />
      <EntryBrowserOf language={language} onLanguage={setLanguage} linkBase="/entries" label={t('entries.listLabel')} />
    </>
  );
}
