import { MemosIcon } from '../../app/icons';
import { PlaceholderPage } from '../../app/PlaceholderPage';

export function MemosPage() {
  return (
    <PlaceholderPage title="Memos" icon={<MemosIcon />}>
      <p>
        Text you keep with the <strong>memo</strong> skill will be collected here, to search, copy and delete.
      </p>
    </PlaceholderPage>
  );
}
