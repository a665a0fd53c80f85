import { Group, Panel, Separator } from 'react-resizable-panels';
import { useAppState } from '../app/storeContext.tsx';
import { EventDetail } from '../event-table/EventDetail.tsx';
import { SideBySide } from '../side-by-side/SideBySide.tsx';
import { Transcript } from '../transcript/Transcript.tsx';
import './panes.css';

/** The history beside what the model read, resizable; a picked event opens in full beside them. */
export function Panes() {
  const detailOpen = useAppState((s) => s.rawJson !== null);
  return (
    <Group className="panes" orientation="horizontal" id="main-panes">
      <Panel id="history" minSize="22%" defaultSize="45%" className="pane">
        <SideBySide />
      </Panel>
      <Separator className="pane-separator" aria-label="Resize the history and the transcript" />
      <Panel id="transcript" minSize="22%" defaultSize={detailOpen ? '35%' : '55%'} className="pane">
        <Transcript />
      </Panel>
      {detailOpen && (
        <>
          <Separator className="pane-separator" aria-label="Resize the event detail" />
          <Panel id="detail" minSize="15%" defaultSize="20%" className="pane">
            <EventDetail />
          </Panel>
        </>
      )}
    </Group>
  );
}
