import jsonpatch, { type Operation as JsonOperation } from 'fast-json-patch';
import type { ClientRoomState, Operation } from '@tt/protocol';

/**
 * Applies a server statePatch to a copy of the room state, validating every operation
 * (`applyPatch(state, patch, true)`): the state the client holds is never half-patched. Throws
 * when an operation does not apply (the caller rejoins to get a fresh state).
 */
export function applyStatePatch(state: ClientRoomState, patch: Operation[]): ClientRoomState {
  if (!Array.isArray(patch)) throw new Error('statePatch is not a list of operations');
  const copy = jsonpatch.deepClone(state) as ClientRoomState;
  return jsonpatch.applyPatch(copy, patch as JsonOperation[], true, true).newDocument;
}
