import { useState } from 'react';
import { useActions } from '../app/storeContext.tsx';
import { CounterfactualDialog } from './CounterfactualDialog.tsx';

/** Opens the one-step counterfactual at the current step. */
export function CounterfactualButton() {
  const [open, setOpen] = useState(false);
  const { closeCounterfactual } = useActions();
  const close = () => {
    closeCounterfactual();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        What would B have done?
      </button>
      {open && <CounterfactualDialog onClose={close} />}
    </>
  );
}
