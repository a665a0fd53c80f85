import { useRef } from 'react';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { type PickedInput, UnreadableFileError, readPicked } from './readFiles.ts';

type Actions = Pick<ReturnType<typeof useActions>, 'importLog' | 'reportProblem'>;

/** Reads a picked or dropped log (or session file) and hands it to the store; a file that cannot be read is reported. */
export async function importPicked(reading: Promise<PickedInput | null>, actions: Actions): Promise<void> {
  let picked: PickedInput | null;
  try {
    picked = await reading;
  } catch (error) {
    actions.reportProblem(
      error instanceof UnreadableFileError
        ? error.message
        : `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
    return;
  }
  if (!picked) return;
  if (picked.kind === 'file') {
    const name = picked.file.path.replace(/\.(jsonl?|txt|csv|zip|tar\.gz|tgz|gz|tar)$/i, '');
    await actions.importLog(picked.file, name, picked.size);
  } else {
    await actions.importLog({ kind: 'folder', name: picked.name, files: picked.files }, picked.name, picked.size);
  }
}

export function ImportControls() {
  const { importLog, cancelImport, openSweep, reportProblem } = useActions();
  const importing = useAppState((s) => s.importing);
  const importStatus = useAppState((s) => s.importStatus);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const sweepInput = useRef<HTMLInputElement>(null);

  const onPick = async (input: HTMLInputElement) => {
    const files = input.files ? Array.from(input.files) : [];
    input.value = '';
    await importPicked(readPicked(files), { importLog, reportProblem });
  };

  return (
    <div className="import-controls">
      <button type="button" onClick={() => fileInput.current?.click()} disabled={!!importing}>
        Import event log
      </button>
      <button type="button" onClick={() => folderInput.current?.click()} disabled={!!importing}>
        Import folder
      </button>
      <button type="button" onClick={() => sweepInput.current?.click()} disabled={!!importing}>
        Open sweep result
      </button>
      <input
        ref={sweepInput}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        hidden
        aria-label="Sweep result (CSV or JSON)"
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) openSweep(await file.text(), file.name);
        }}
      />
      <input
        ref={fileInput}
        type="file"
        accept=".json,.jsonl,.zip,.gz,.tgz,.tar,application/json,application/zip,application/gzip"
        hidden
        aria-label="Event log or session file"
        onChange={(e) => void onPick(e.currentTarget)}
      />
      <input
        ref={folderInput}
        type="file"
        hidden
        aria-label="Folder of event files"
        {...{ webkitdirectory: '', directory: '' }}
        onChange={(e) => void onPick(e.currentTarget)}
      />
      {importing && (
        <>
          <p className="importing" role="status">
            Importing {importing}…{importStatus && ` ${importStatus}…`}
          </p>
          <button type="button" onClick={cancelImport}>
            Cancel import
          </button>
        </>
      )}
    </div>
  );
}
