/**
 * The palette of the appearance dialog (shared with the core's default looks); any other color can be
 * entered as #rrggbb, and any emoji picked from appearance/emoji-data.ts or pasted.
 */
export { SKILL_PALETTE as PALETTE } from '../../../../shared/types/skill-palette';
