// Lookups in the procedures' registry (generated/procedures.ts, made from
// crates/writeit-core/src/procedure.rs): which procedure pulls a table, where a mutation's answer
// goes, who may call it, and how to call one by name. The sync engine asks here instead of
// switching over procedure names, so a procedure added on the server is placed by the generator.
import type { Api } from './client';
import {
  PROCEDURES,
  type MutationInputs,
  type MutationName,
  type ProcedureInfo,
  type ProcedureName,
  type TableName,
} from './generated/procedures';

export { TABLE_KEYS, type MutationInputs, type MutationName, type TableName } from './generated/procedures';

const info = (name: string): ProcedureInfo | undefined =>
  Object.hasOwn(PROCEDURES, name) ? (PROCEDURES[name as ProcedureName] as ProcedureInfo) : undefined;

/** Whether `name` is a mutation this build knows (an outbox item may carry any name). */
export const isMutation = (name: string): name is MutationName => info(name)?.kind === 'mutation';

/** Procedures on a learner's own rows: sent only while signed in, dropped on sign-out. */
export const isUserProcedure = (name: string): boolean => info(name)?.access === 'signedIn';

/** Where a mutation's answer carries its saved row: the table, and the answer's field holding it
 * (none: the answer is the row). */
export function answerOf(name: MutationName): { table: TableName; field?: string } {
  const { answers, field } = info(name) as ProcedureInfo;
  return { table: answers as TableName, ...(field !== undefined ? { field } : {}) };
}

/** The query that pages through `table`. */
const PULLS = new Map<TableName, ProcedureName>(
  (Object.entries(PROCEDURES) as [ProcedureName, ProcedureInfo][]).flatMap(([name, p]) => (p.pulls ? [[p.pulls, name] as const] : [])),
);

/** One page of `table`: its query, called now (so a call made in the same tick is batched with it). */
export function queryPage(api: Api, table: TableName, input: Parameters<Api['queryDecks']['query']>[0]): Promise<unknown[]> {
  const name = PULLS.get(table) as ProcedureName;
  return (api[name] as unknown as { query(input: unknown): Promise<unknown[]> }).query(input);
}

/** Sends mutation `name` with `input`. */
export function mutate<P extends MutationName>(api: Api, name: P, input: MutationInputs[P]): Promise<unknown> {
  return (api[name] as unknown as { mutate(input: unknown): Promise<unknown> }).mutate(input);
}
