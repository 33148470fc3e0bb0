import type { TriggerInput } from '../../../shared/types/desktop';
import { readLaunchRequest, type LaunchRequest } from './deep-link';

/** What a second `skilldeck` launch hands over to the running one (Electron's 'second-instance'). */
export interface SecondLaunch {
  argv: readonly string[];
  workingDirectory: string;
}

export interface LaunchTargets {
  dashboard: { show(): unknown };
  /** Starts a skill (`trigger:run`); the trigger flow shows its own command bar and card. */
  trigger(input: TriggerInput): void;
  /** A malformed link or switch: said, never silently dropped (default console.error). */
  log?: (message: string) => void;
}

/**
 * The single place a second launch is handled: a `skilldeck://run/…` link or `--trigger <skill>` in its
 * argv triggers that skill (the dashboard stays where it is); anything else raises the dashboard.
 */
export function handleSecondLaunch(launch: SecondLaunch, targets: LaunchTargets): LaunchRequest {
  return handleLaunchRequest(readLaunchRequest(launch.argv), targets, { raiseOnNone: true });
}

/** A launch request (the first launch's own argv, a second launch, macOS `open-url`) acted on. */
export function handleLaunchRequest(
  request: LaunchRequest,
  targets: LaunchTargets,
  { raiseOnNone }: { raiseOnNone: boolean },
): LaunchRequest {
  switch (request.kind) {
    case 'trigger':
      // a skilldeck:// link may come from any web page: the core confirms it in the command bar first
      targets.trigger({ ...request.input, source: request.via === 'deep-link' ? 'link' : 'cli' });
      break;
    case 'invalid':
      (targets.log ?? ((m: string) => console.error(`[skilldeck] ${m}`)))(request.error);
      targets.dashboard.show();
      break;
    case 'none':
      if (raiseOnNone) targets.dashboard.show();
      break;
  }
  return request;
}
