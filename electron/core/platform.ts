// What the core needs from the desktop, as ports. Electron implements them in electron/main (issue 6);
// the CLI and tests use the Node implementations in electron/cli/node-ports.ts.

export interface ClipboardPort {
  readText(): Promise<string>;
  writeText(text: string): Promise<void>;
}

/** Puts text where the user's cursor is (the desktop does it as a paste transaction). */
export interface TextInserterPort {
  insert(text: string): Promise<{ inserted: boolean; reason?: string }>;
}

export interface Card {
  runId: string;
  title: string;
  text: string;
  /** Still streaming. */
  pending: boolean;
  error?: string;
}

/** The floating card that shows a run's result near the cursor. */
export interface CardPresenterPort {
  show(card: Card): Promise<void>;
}

export interface NotifierPort {
  notify(title: string, body: string): Promise<void>;
}

/** API keys and other secrets: OS keychain in the app, environment variables in the CLI. Never logged. */
export interface SecretStorePort {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

export interface PlatformPorts {
  clipboard: ClipboardPort;
  inserter: TextInserterPort;
  card: CardPresenterPort;
  notifier: NotifierPort;
  secrets: SecretStorePort;
}
