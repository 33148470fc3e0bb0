import { createContext, useContext, type ReactNode } from 'react';
import type { Stores } from '../stores';

const StoresContext = createContext<Stores | null>(null);

/** Stores are made once the transport is known (at start-up), so components get them from context. */
export function StoresProvider({ stores, children }: { stores: Stores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores() needs a <StoresProvider> above it');
  return stores;
}
