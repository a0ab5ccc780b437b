import { useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { Button } from '../../components/button/Button.js';
import { ConfirmationDialog } from '../../components/confirmation-dialog/index.js';
import { useToast } from '../../components/toast/index.js';
import { CLEAR_READING_HISTORY } from '../../graphql/reading-operations.js';

/** 'Clear all', after a confirmation: empties the reader's reading history (both reading-history pages). */
export function ClearHistoryButton({ onCleared, disabled = false }: { onCleared(): void; disabled?: boolean }) {
  const loadData = useBrowserData();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);

  const clear = async () => {
    const r = await mutateField(loadData, CLEAR_READING_HISTORY, {}, 'clearReadingHistory');
    if (r === null) return void toast.show({ message: 'Please try again.', toastStyle: 'ERROR' });
    onCleared();
    toast.show({ message: 'Your reading history was cleared.', key: 'reading-history' });
  };

  return (
    <>
      <Button variant="outline" size="small" disabled={disabled} onClick={() => setConfirming(true)}>
        Clear all
      </Button>
      <ConfirmationDialog isVisible={confirming} hide={() => setConfirming(false)} title="Clear your reading history?" confirmText="Clear all" confirmVariant="danger" onConfirm={clear}>
        Every story will be removed from your reading history. This can’t be undone.
      </ConfirmationDialog>
    </>
  );
}
