// The lines that start a block, shared by the block reader, lists and tables.

export const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
export const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
export const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
export const QUOTE = /^ {0,3}>\s?(.*)$/;
