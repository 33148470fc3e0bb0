import type { Transport } from '../../../shared/ipc/client';

declare global {
  interface Window {
    /** The Electron preload bridge: present only inside the desktop app. */
    readonly skilldeck?: Transport;
  }
}

export {};
