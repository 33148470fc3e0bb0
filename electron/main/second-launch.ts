/** What a second `skilldeck` launch hands over to the running one (Electron's 'second-instance'). */
export interface SecondLaunch {
  argv: readonly string[];
  workingDirectory: string;
}

/**
 * The single place a second launch is handled. Today it raises the dashboard; deep links
 * (skilldeck://…) will be read from `launch.argv` here.
 */
export function handleSecondLaunch(_launch: SecondLaunch, dashboard: { show(): unknown }): void {
  dashboard.show();
}
