import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChatProfile } from '../../engine/index.ts';
import { type EventId, agentSettingsOf } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { MessageCard } from './MessageCard.tsx';
import { requestJson } from './requestJson.ts';
import { StepUsageLine } from './StepUsageLine.tsx';
import './transcript.css';

const PROFILE_LABELS: Record<ChatProfile, string> = {
  anthropic: 'Anthropic (prompt caching)',
  openai: 'OpenAI-compatible',
};

function CopyRequest({ text }: { text: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // No clipboard access (permissions, insecure context): show the text to copy by hand.
      setState('manual');
    }
  };
  return (
    <>
      <button type="button" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy request as JSON'}
      </button>
      {state === 'manual' && (
        <div className="copy-manual" role="dialog" aria-label="Request JSON">
          <p>The clipboard is not available here: select the text and copy it.</p>
          <textarea readOnly value={text} rows={8} onFocus={(event) => event.currentTarget.select()} autoFocus />
          <button type="button" onClick={() => setState('idle')}>
            Close
          </button>
        </div>
      )}
    </>
  );
}

/** What the agent's LLM read at the step: the request's messages, as a transcript. */
export function Transcript() {
  const transcript = useAppState((s) => s.transcript);
  const step = useAppState((s) => s.step);
  const active = useAppState((s) => s.active);
  const focused = useAppState((s) => s.focusedEvent);
  const { setAgentProfile, focusEvent, selectEvent } = useActions();
  const rows = active?.opened.rows;
  const scroller = useRef<HTMLDivElement>(null);
  // While the next step's messages are built, the last ones stay (dimmed): no flash of an empty pane.
  const messages = useMemo(() => transcript?.messages ?? [], [transcript]);
  const stale = transcript !== null && transcript.step !== step;
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 120,
    overscan: 6,
    initialRect: { width: 600, height: 600 },
    // Sizes per step and message: another step's messages are measured afresh, not given old sizes.
    getItemKey: (index) => `${transcript?.step ?? -1}:${index}`,
  });

  const focusedPositions = useMemo(
    () => (focused === null ? [] : messages.flatMap((item, k) => (item.eventIds.includes(focused) ? [k] : []))),
    [messages, focused],
  );
  useEffect(() => {
    if (focusedPositions.length) virtualizer.scrollToIndex(focusedPositions[0]!, { align: 'start' });
  }, [focusedPositions, virtualizer]);
  const showEvent = useCallback(
    (id: EventId) => {
      focusEvent(id);
      const row = rows?.find((r) => r.id === id);
      if (row) void selectEvent(row.index);
    },
    [focusEvent, rows, selectEvent],
  );
  if (!active) return null;
  const profile = agentSettingsOf(active).profile;
  const totalTokens = messages.reduce((sum, item) => sum + item.tokens, 0) + (transcript?.toolTokens ?? 0);
  return (
    <section className="transcript" aria-label="What the model read">
      <header className="transcript-head">
        <h3>What the model read</h3>
        <label>
          Provider{' '}
          <select value={profile} onChange={(event) => void setAgentProfile(event.target.value as ChatProfile)}>
            {(Object.keys(PROFILE_LABELS) as ChatProfile[]).map((key) => (
              <option key={key} value={key}>
                {PROFILE_LABELS[key]}
              </option>
            ))}
          </select>
        </label>
        {transcript && transcript.step === step && !transcript.error && <CopyRequest text={requestJson(transcript)} />}
      </header>
      {transcript?.step === step && !transcript.error && (
        <p className="transcript-facts">
          {messages.length} messages · {totalTokens.toLocaleString('en-US')} tokens by our count
          {transcript.tools
            ? ` · ${transcript.tools.length} tool schemas (${transcript.toolTokens.toLocaleString('en-US')} tokens)`
            : ' · no tool schemas recorded'}
          {focusedPositions.length > 0 &&
            ` · event #${String(focused)} became message ${focusedPositions.map((k) => k + 1).join(', ')}`}
          {focused !== null &&
            focusedPositions.length === 0 &&
            ` · event #${String(focused)} is in no message of this step`}
        </p>
      )}
      <StepUsageLine step={step} />
      {!transcript ? (
        <p className="empty">Building the messages…</p>
      ) : transcript.error ? (
        <p className="empty" role="status">
          {transcript.error}
        </p>
      ) : (
        <div ref={scroller} className={stale ? 'transcript-scroll stale' : 'transcript-scroll'} aria-busy={stale}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${row.start}px)`,
                }}
              >
                <MessageCard
                  item={messages[row.index]!}
                  position={row.index}
                  focused={focusedPositions.includes(row.index)}
                  onEvent={showEvent}
                />
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
