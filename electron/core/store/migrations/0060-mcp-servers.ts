import type { Migration } from './types';

/**
 * MCP servers the agent reaches (settings). A stdio server has a command (args and the names of its
 * environment variables as JSON arrays — their values are secrets, kept in the SecretStore); an HTTP one
 * has a URL, never both. The name is part of each tool's name (`mcp__<name>__<tool>`), hence its alphabet.
 */
export const migration0060: Migration = {
  version: 60,
  name: 'mcp-servers',
  up(db) {
    db.exec(`
      CREATE TABLE mcp_servers (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
        name TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 40 AND name NOT GLOB '*[^a-z0-9_-]*'),
        kind TEXT NOT NULL CHECK (kind IN ('stdio', 'http')),
        command TEXT CHECK (command IS NULL OR length(command) BETWEEN 1 AND 4096),
        args_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(args_json) AND json_type(args_json) = 'array'),
        env_names_json TEXT NOT NULL DEFAULT '[]'
          CHECK (json_valid(env_names_json) AND json_type(env_names_json) = 'array'),
        url TEXT CHECK (url IS NULL OR length(url) BETWEEN 1 AND 2048),
        enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
        created_at INTEGER NOT NULL,
        CHECK ((kind = 'stdio' AND command IS NOT NULL AND url IS NULL)
            OR (kind = 'http' AND url IS NOT NULL AND command IS NULL))
      ) STRICT;
    `);
  },
};
