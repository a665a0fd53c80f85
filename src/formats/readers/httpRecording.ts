import { located } from '../located.ts';
import { isRecord } from '../types.ts';
import { defineReader } from './types.ts';

/** A recorded response of the trajectory API: `{"response": {"json": {"trajectory": [...]}}}`. */
export const httpRecordingReader = defineReader({
  shape: 'v0-http-recording',
  label: 'recorded trajectory API response',
  flavor: 'v0',
  reads: 'object',
  locate(input) {
    if (input.kind !== 'object') return null;
    const response = input.value.response;
    if (!(isRecord(response) && isRecord(response.json) && Array.isArray(response.json.trajectory))) return null;
    return located('v0-http-recording', response.json.trajectory, (i) => `response.json.trajectory[${i}]`);
  },
});
