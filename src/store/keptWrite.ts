import { errorText } from './errorText.ts';
import type { SetState } from './types.ts';

/**
 * A write the user expects to be kept (notes, a setting, a name). When storage refuses it (full, or
 * the session deleted in another tab), the page says what was not saved and why instead of failing
 * silently; the caller learns it was not kept and does not show it as saved.
 */
export async function keptWrite(set: SetState, notSaved: string, write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    set({ notice: { kind: 'error', text: `${notSaved}: ${errorText(error)}` } });
    return false;
  }
}
