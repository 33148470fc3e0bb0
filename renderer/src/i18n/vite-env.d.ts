// import.meta.glob, as Vite provides it (the renderer config has no Node or Vite client types).
interface ImportMeta {
  glob<T>(
    pattern: string | string[],
    options: { eager: true; import: 'default'; query?: string },
  ): Record<string, T>;
}
