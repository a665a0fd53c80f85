import { located } from '../located.ts';
import { isRecord } from '../types.ts';
import { defineReader } from './types.ts';

const isSdkEvent = (value: unknown) =>
  isRecord(value) && typeof value.kind === 'string' && typeof value.id === 'string';

/** A plain list of events (or one event on its own); SDK events make it an `sdk-list`. */
export const eventListReader = defineReader({
  shape: 'v0-list',
  label: 'OpenHands event list',
  flavor: 'v0',
  locate(input) {
    if (input.kind === 'list') return located('v0-list', input.items, (i) => `${input.where}[${i}]`);
    if (
      input.kind === 'object' &&
      ('action' in input.value || 'observation' in input.value || isSdkEvent(input.value))
    ) {
      return located('v0-list', [input.value], () => 'the event');
    }
    return null;
  },
});
