import type { AppState } from './types.ts';

/**
 * Why leaving the page now would lose paid work, or null: a live run is waiting on answers, answers
 * are being stored, or some could not be stored and are not in an export yet.
 */
export function leaveWarning(state: Pick<AppState, 'live' | 'answersStoring' | 'unsavedAnswers'>): string | null {
  if (state.live) return 'A live run is asking the LLM for answers; leaving now loses the one under way.';
  if (state.answersStoring > 0) return 'Paid answers are being stored; leaving now may lose them.';
  const unsaved = state.unsavedAnswers;
  if (unsaved && !unsaved.exported) {
    const count = Object.keys(unsaved.answers).length;
    return `${count === 1 ? '1 paid answer is' : `${count} paid answers are`} not stored; export the session before leaving to keep ${count === 1 ? 'it' : 'them'}.`;
  }
  return null;
}

/** How many paid answers are neither stored nor exported (the lasting "N answers not stored" indicator). */
export function answersAtRisk(state: Pick<AppState, 'unsavedAnswers'>): number {
  const unsaved = state.unsavedAnswers;
  if (!unsaved || unsaved.exported) return 0;
  return Object.keys(unsaved.answers).length;
}
