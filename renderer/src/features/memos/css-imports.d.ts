// A feature's own stylesheet, imported for its side effect (Vite bundles it). Ambient declarations
// of the same module merge, so another file declaring this too is harmless.
declare module '*.css';
