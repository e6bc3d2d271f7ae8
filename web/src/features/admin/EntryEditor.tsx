// /admin/{languageCode}/entries/{entryId}: every field of an entry (DESIGN §2) in one form, each
// problem shown next to its field; saving goes through saveEntry (local first, then the server);
// a new entry is an unknown id opened with ?new=1.
import { useParams, useSearchParams } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import { LoadingState, MissingState, PageHeader } from '../shared/components';
import { useEntry } from '../../db/read/entries';
import { useAdminCrumbs } from './adminCrumbs';
import { EntryForm } from './EntryForm';

export function AdminEntryPage() {
  const t = useT();
  const { languageCode = '', entryId = '' } = useParams();
  const [search] = useSearchParams();
  const entry = useEntry(entryId);
  const crumbs = useAdminCrumbs(languageCode, 'entries');
  if (entry === undefined) return <LoadingState />;
  const isNew = entry === null && search.has('new');
  if (entry === null && !isNew) return <MissingState kind="entry" id={entryId} />;
  return (
    <>
      <PageHeader
        title={entry ? entry.text : t('admin.entry.new')}
        lang={entry ? entry.languageCode : undefined}
        crumbs={crumbs}
      />
      <EntryForm key={entryId} id={entryId} languageCode={languageCode} entry={entry} />
    </>
  );
}
