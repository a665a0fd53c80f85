import { located } from '../located.ts';
import { defineReader } from './types.ts';

/** The web UI's trajectory download: `{"trajectory": [...]}`. */
export const trajectoryReader = defineReader({
  shape: 'v0-trajectory',
  label: 'OpenHands trajectory download ({"trajectory": [...]})',
  flavor: 'v0',
  reads: 'object',
  locate(input) {
    if (input.kind !== 'object' || !Array.isArray(input.value.trajectory)) return null;
    return located('v0-trajectory', input.value.trajectory, (i) => `trajectory[${i}]`);
  },
});
