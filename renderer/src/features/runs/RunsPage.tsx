import { RunsIcon } from '../../app/icons';
import { PlaceholderPage } from '../../app/PlaceholderPage';

export function RunsPage() {
  return (
    <PlaceholderPage title="Runs" icon={<RunsIcon />}>
      <p>
        Each time a skill runs — from its hotkey or from here — this page will list it: the input, the answer,
        the model used, how long it took, and whether it finished, failed or was cancelled.
      </p>
    </PlaceholderPage>
  );
}
