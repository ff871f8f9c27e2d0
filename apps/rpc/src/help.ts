export const HELP_TEXT = `gong-rpc — gong for editors, over stdin/stdout

Usage:
  gong-rpc [options]         JSON lines: one command per line in, responses and events out
  gong-rpc --acp [options]   the Agent Client Protocol (JSON-RPC 2.0), e.g. for Zed

Options (as in gong):
  --provider <name>          provider (anthropic, openai, a models.json provider, …)
  --model <id>               model id, or provider/id
  --api-key <key>            key for that provider
  --base-url <url>           the provider's base URL
  --thinking <level>         off, minimal, low, medium, high
  --preset <name>            default, minimal, readonly
  --tools <a,b,c>            tool names (wins over --preset)
  --permission-mode <mode>   ask, accept-edits, auto, plan (default: auto; --acp: ask)
  --session <file|id>        open this session
  -c, --continue             open the newest session of this folder
  --no-session               keep the session in memory only
  --session-dir <dir>        where session files go
  --allow-path <dir>         another folder the tools may touch (repeatable)
  --mcp-config <file>        MCP servers for this run, in .mcp.json's shape (repeatable)
  --trust                    load this folder's hooks and executable settings
  --sandbox <mode>           bash under bubblewrap: off, read-only, workspace-write
  --cwd <dir>                the project folder (default: the current one)
  --confirm-timeout <s>      how long a confirmation or question waits for the client (default 60)
  -v, --version, -h, --help

Protocol: docs/rpc.md in the @gong/rpc package.
`;
