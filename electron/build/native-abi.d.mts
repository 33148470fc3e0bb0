/** The ABI in a compiled Node/Electron addon's bytes (`node_register_module_v<ABI>`), or null. */
export function abiInBytes(bytes: Buffer): number | null;
/** The ABI of the addon at `file`, read without loading it. */
export function abiOfAddon(file: string): number | null;
