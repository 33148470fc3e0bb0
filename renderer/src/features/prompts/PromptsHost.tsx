import { useStores } from '../../app/stores-context';
import { AskUserDialog } from './AskUserDialog';
import { PermissionDialog } from './PermissionDialog';
import '../runs/runs.css';
import './prompts.css';

/** Mounted once for the whole app: the oldest open prompt of any run, one at a time. */
export function PromptsHost() {
  const queue = useStores().usePromptsStore((s) => s.queue);
  const first = queue[0];
  if (!first) return null;
  const more = queue.length - 1;
  return first.kind === 'permission' ? (
    <PermissionDialog key={first.event.requestId} prompt={first} more={more} />
  ) : (
    <AskUserDialog key={first.event.requestId} prompt={first} more={more} />
  );
}
