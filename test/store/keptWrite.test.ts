import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StorageFullError } from '../../src/storage/index.ts';
import { startedStore } from '../helpers/appStore.ts';

const full = () =>
  Promise.reject(
    new StorageFullError(
      'storage is full: the change could not be kept: this browser lets the inspector store 120 MB here, all of it used',
    ),
  );

describe('writes storage refuses', () => {
  it('say what was not saved and why, and are not shown as saved', async () => {
    const { store, sessions, db } = await startedStore();
    const id = store.getState().active!.record.id;
    const name = store.getState().active!.record.name;
    sessions.update = full;
    sessions.updateVersioned = full;
    db.settings.put = full as never;

    await store.getState().setNotes('remember this');
    expect(store.getState().notice).toEqual({
      kind: 'error',
      text: 'The notes were not saved: storage is full: the change could not be kept: this browser lets the inspector store 120 MB here, all of it used',
    });

    store.getState().dismissNotice();
    await store.getState().renameSession(id, 'new name');
    expect(store.getState().notice?.text).toMatch(/^The new name was not saved: storage is full/);
    // The list and the open session keep the name that is stored.
    expect(store.getState().active!.record.name).toBe(name);
    expect(store.getState().sessions.find((s) => s.id === id)?.name).toBe(name);

    expect(
      await store.getState().saveLlmSettings({
        baseURL: 'http://127.0.0.1:1/v1',
        model: 'm',
        apiKey: 'k',
        inputPrice: null,
        outputPrice: null,
      }),
    ).toBe(false);
    expect(store.getState().notice?.text).toMatch(/^The LLM settings were not saved: storage is full/);
    expect(store.getState().llmSettings).toBeNull();

    await store.getState().setModelPrices('my-model', { input: 1, output: 2 } as never);
    expect(store.getState().notice?.text).toMatch(/^The prices of my-model were not saved: storage is full/);
    expect(store.getState().prices['my-model']).toBeUndefined();

    store.getState().dismissNotice();
    store.getState().setConfig({ type: 'noop' });
    await waitFor(() =>
      expect(store.getState().notice?.text).toMatch(/^The settings change was not saved: storage is full/),
    );
  });
});
