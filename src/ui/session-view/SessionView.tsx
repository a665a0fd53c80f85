import { useState } from 'react';
import { UsageChart } from '../chart/UsageChart.tsx';
import { ViewSizeChart } from '../chart/ViewSizeChart.tsx';
import { CompareView } from '../compare/CompareView.tsx';
import { EventTable } from '../event-table/EventTable.tsx';
import { PromptView } from '../prompt-view/PromptView.tsx';
import { Panes } from '../panes/Panes.tsx';
import { SettingsPanel } from '../settings/SettingsPanel.tsx';
import { SummaryHistory } from '../summary-history/SummaryHistory.tsx';
import { FactsLost } from '../quality/FactsLost.tsx';
import type { EventId } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { Tabs } from '../shared/Tabs.tsx';
import { LaneView } from '../event-life/LaneView.tsx';
import { TopBar } from '../top-bar/TopBar.tsx';
import './sessionView.css';

type Tab = 'side-by-side' | 'events' | 'summaries' | 'facts' | 'prompt' | 'lanes' | 'compare';

export function SessionView() {
  const [tab, setTab] = useState<Tab>('side-by-side');
  const [settingsOpen, setSettingsOpen] = useState(true);
  const condensations = useAppState((s) => s.summary?.condensations.length ?? 0);
  const lostFacts = useAppState((s) => s.quality?.total.missing_used ?? null);
  const { selectCondensation } = useActions();
  const showPrompt = (id: EventId) => {
    void selectCondensation(id);
    setTab('prompt');
  };
  return (
    <div className="session-view">
      <TopBar settingsOpen={settingsOpen} onToggleSettings={() => setSettingsOpen(!settingsOpen)} />
      <div className="timeline">
        <ViewSizeChart />
        <UsageChart />
      </div>
      <div className={settingsOpen ? 'session-main' : 'session-main settings-closed'}>
        {settingsOpen && <SettingsPanel />}
        <Tabs<Tab>
          label="Session panels"
          active={tab}
          onChange={setTab}
          tabs={[
            { key: 'side-by-side', label: 'Side by side', render: () => <Panes /> },
            { key: 'events', label: 'Events', render: () => <EventTable /> },
            {
              key: 'summaries',
              label: `Summary history (${condensations})`,
              render: () => <SummaryHistory onShowPrompt={showPrompt} />,
            },
            {
              key: 'facts',
              label: `Facts lost${lostFacts === null ? '' : ` (${lostFacts})`}`,
              render: () => (
                <FactsLost
                  onShowCondensation={(id) => {
                    void selectCondensation(id);
                    setTab('summaries');
                  }}
                />
              ),
            },
            { key: 'prompt', label: 'Prompt', render: () => <PromptView /> },
            { key: 'lanes', label: 'Event lanes', render: () => <LaneView /> },
            { key: 'compare', label: 'Compare', render: () => <CompareView /> },
          ]}
        />
      </div>
    </div>
  );
}
