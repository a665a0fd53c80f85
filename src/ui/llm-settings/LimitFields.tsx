import { useId } from 'react';
import { DEFAULT_DEADLINE_MS, DEFAULT_MAX_ANSWER_BYTES, type LlmSettings } from '../../store/index.ts';

/** The two limits as typed: seconds and megabytes. */
export interface LimitTexts {
  readonly seconds: string;
  readonly megabytes: string;
}

const MB = 1024 * 1024;
/** Bounds a typed limit must stay within: a request needs a second at least, and an hour is plenty. */
const SECONDS = { min: 1, max: 3600 };
const MEGABYTES = { min: 0.1, max: 512 };

export function limitTexts(settings: Pick<LlmSettings, 'deadlineMs' | 'maxAnswerBytes'>): LimitTexts {
  return {
    seconds: String((settings.deadlineMs ?? DEFAULT_DEADLINE_MS) / 1000),
    megabytes: String(Number(((settings.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES) / MB).toFixed(2))),
  };
}

/** The limits in the settings' units, or the one problem with what was typed. */
export function limitsOf(
  texts: LimitTexts,
): { limits: { deadlineMs: number; maxAnswerBytes: number } } | { problem: string } {
  const seconds = Number(texts.seconds);
  if (texts.seconds.trim() === '' || !Number.isFinite(seconds) || seconds < SECONDS.min || seconds > SECONDS.max) {
    return { problem: `the deadline must be between ${SECONDS.min} and ${SECONDS.max} seconds.` };
  }
  const megabytes = Number(texts.megabytes);
  if (
    texts.megabytes.trim() === '' ||
    !Number.isFinite(megabytes) ||
    megabytes < MEGABYTES.min ||
    megabytes > MEGABYTES.max
  ) {
    return { problem: `the largest answer must be between ${MEGABYTES.min} and ${MEGABYTES.max} MB.` };
  }
  return { limits: { deadlineMs: Math.round(seconds * 1000), maxAnswerBytes: Math.round(megabytes * MB) } };
}

/** How long a request may take and how large its answer may be, in the LLM settings. */
export function LimitFields({ value, onChange }: { value: LimitTexts; onChange: (value: LimitTexts) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-deadline`}>Deadline per request (seconds, from sending it to the end of the answer)</label>
      <input
        id={`${id}-deadline`}
        inputMode="decimal"
        value={value.seconds}
        onChange={(e) => onChange({ ...value, seconds: e.target.value })}
      />
      <label htmlFor={`${id}-size`}>Largest answer (MB)</label>
      <input
        id={`${id}-size`}
        inputMode="decimal"
        value={value.megabytes}
        onChange={(e) => onChange({ ...value, megabytes: e.target.value })}
      />
    </>
  );
}
