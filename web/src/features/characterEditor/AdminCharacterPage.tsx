// /admin/{languageCode}/characters/{characterId}: one character's stroke editor.
import { useParams } from 'react-router';
import { useCharacterRow } from '../../db/read/characters';
import { LoadingState } from '../shared/components';
import { StrokeEditor } from './StrokeEditor';

export function AdminCharacterPage() {
  const { languageCode = '', characterId = '' } = useParams();
  const found = useCharacterRow(characterId);
  if (found === undefined) return <LoadingState />;
  // Keyed by the row's arrival only: a later version (the server's answer to a save, a sync)
  // must not throw away what is being edited.
  return <StrokeEditor key={`${characterId}/${found.row ? 'stored' : 'new'}`} languageCode={languageCode} id={characterId} stored={found.row} />;
}
