import type { GetState, InspectSlice, SetState, StoreDeps } from './types.ts';

export function createInspectSlice(set: SetState, get: GetState, deps: StoreDeps): InspectSlice {
  let searchGeneration = 0;
  return {
    typeFilter: [],
    sourceFilter: [],
    search: '',
    searchMatches: null,
    selectedEvent: null,
    rawJson: null,
    selectedCondensation: null,
    prompt: null,
    eventLife: null,
    eventLanes: null,

    setTypeFilter(typeFilter) {
      set({ typeFilter });
    },

    setSourceFilter(sourceFilter) {
      set({ sourceFilter });
    },

    async setSearch(query) {
      const generation = ++searchGeneration;
      set({ search: query });
      if (!query.trim()) {
        set({ searchMatches: null });
        return;
      }
      const matches = await deps.engine.call('search', { query });
      if (generation === searchGeneration) set({ searchMatches: matches });
    },

    async selectEvent(index) {
      set({ selectedEvent: index, eventLife: null });
      if (index === null) {
        set({ rawJson: null });
        return;
      }
      void get().loadEventLife();
      const text = await deps.engine.call('eventJson', { index });
      // The printed form is a nicety: an event OpenHands cannot print still shows its JSON.
      const rendered = await deps.engine.call('eventText', { index }).catch(() => null);
      if (get().selectedEvent === index) set({ rawJson: { index, text, rendered } });
    },

    async loadEventLife() {
      const index = get().selectedEvent;
      if (index === null || !get().summary) return;
      const life = await deps.engine.call('eventLife', { index });
      if (get().selectedEvent === index) set({ eventLife: life });
    },

    async loadEventLanes() {
      const summary = get().summary;
      if (!summary) return;
      const lanes = await deps.engine.call('eventLanes', {});
      if (get().summary === summary) set({ eventLanes: lanes });
    },

    async selectCondensation(id) {
      set({ selectedCondensation: id, prompt: null });
      if (id === null) return;
      const prompt = await deps.engine.call('prompt', { condensationId: id });
      if (get().selectedCondensation === id) set({ prompt });
    },
  };
}
