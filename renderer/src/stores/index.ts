import type { Client } from '../../../shared/ipc/client';
import { createAppStore, type AppStore } from './app';
import { createConnectionStore, type ConnectionLink, type ConnectionStore } from './connection';
import { createSkillsStore, type SkillsStore } from './skills';

export interface Stores {
  useAppStore: AppStore;
  useSkillsStore: SkillsStore;
  useConnectionStore: ConnectionStore;
}

/** All stores of one dashboard, loaded once and reloaded whenever a dropped link comes back. */
export function createStores(client: Client, link: ConnectionLink | null): Stores {
  const stores: Stores = {
    useAppStore: createAppStore(client),
    useSkillsStore: createSkillsStore(client),
    useConnectionStore: createConnectionStore(link),
  };
  const loadAll = () => {
    void stores.useAppStore.getState().load();
    void stores.useSkillsStore.getState().load();
  };
  let dropped = false;
  // Events sent while the link was down are lost: reading everything again is the only way to catch up.
  link?.onStatus((status) => {
    if (status.state === 'waiting') dropped = true;
    if (status.state === 'open' && dropped) {
      dropped = false;
      loadAll();
    }
  });
  loadAll();
  return stores;
}
