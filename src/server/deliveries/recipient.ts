// PLACEHOLDER (h61ui): stands in for h61defs's module of the same name, with the contract's
// signatures, until that branch is merged; the merge takes h61defs's file.
import type { Queryable } from '../store';
export interface Recipient {
  userId: number;
  username: string;
  email: string;
  displayName: string;
  timeZone: string;
}
export async function loadRecipient(_db: Queryable, _userId: number): Promise<Recipient | undefined> {
  return undefined;
}
