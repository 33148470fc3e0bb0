// Reads which Node ABI a compiled addon was built for, without loading it: a non-N-API addon exports
// `node_register_module_v<ABI>` (Electron 45 = 150, Node 20 = 115), and the name is plain text in the
// binary on every platform (ELF, Mach-O, PE).
import fs from 'node:fs';

const MARKER = /node_register_module_v(\d+)/;

/** @param {Buffer} bytes @returns {number | null} */
export function abiInBytes(bytes) {
  const match = MARKER.exec(bytes.toString('latin1'));
  return match ? Number(match[1]) : null;
}

/** @param {string} file @returns {number | null} */
export function abiOfAddon(file) {
  return abiInBytes(fs.readFileSync(file));
}
