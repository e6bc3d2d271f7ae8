// Card ids (docs/rpc.md, writeit-core/src/card.rs): UUIDv5 of `${entryId}/${kind}` in a fixed
// namespace, so every device names a learner's card for an entry alike, even offline.
import { v5 as uuidv5 } from 'uuid';
import type { CardKind } from '../api/generated/types';

/** Fixed forever: changing it renames every card (must equal CARD_NAMESPACE in card.rs). */
export const CARD_NAMESPACE = '6f1c4a8e-2b7d-5e3f-9a10-4c5d6e7f8091';

/** The id of the `kind` card of an entry. */
export function cardId(entryId: string, kind: CardKind): string {
  return uuidv5(`${entryId}/${kind}`, CARD_NAMESPACE);
}
