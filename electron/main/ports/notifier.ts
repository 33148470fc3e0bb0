import { Notification } from 'electron';
import type { NotifierPort } from '../../core/platform';

/** NotifierPort: a silent system notification, or a log line where the desktop has none. */
export function createNotifier(): NotifierPort {
  return {
    notify(title, body) {
      if (Notification.isSupported()) new Notification({ title, body, silent: true }).show();
      else console.info(`[skilldeck] ${title}: ${body}`);
      return Promise.resolve();
    },
  };
}
