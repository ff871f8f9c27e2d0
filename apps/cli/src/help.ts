/** `gong --help`: every flag of README.md with one example each. */
export const HELP_TEXT = `gong — a coding agent for the terminal

Usage:
  gong [options] [message...]
  echo "context" | gong -p "question"      piped stdin is appended to the prompt

Modes:
  (no -p, on a terminal)       The interactive mode: streamed answers, tool blocks, steering
                               (Enter while it works), /hotkeys lists keys and commands.
                                 gong "fix the failing test"
  -p, --print                  Run the prompt to completion, print the final answer, exit
                               (on a terminal, a live status line on stderr shows progress).
                                 gong -p "explain src/index.ts"
  --mode text|json             text (default) or json: one JSON event per line on stdout.
                                 gong --mode json "list the TODOs" > events.jsonl
  --max-turns <n>              -p / json: stop before model call n+1 (exit 1, run_end reason
                               max_turns; the session is saved). Settings "limits".
  --max-budget-usd <x>         -p / json: stop once x dollars are spent, subagents included
                               (exit 1, run_end reason max_budget).
                                 gong -p --max-turns 20 --max-budget-usd 0.50 "fix the lint"
  --output-schema <file.json>  -p / json: the answer must be one JSON value valid against this
                               JSON Schema (asked once more if not; exit 1 if still not); -p
                               prints the value alone, json mode puts it in run_end.output.
                                 gong -p --output-schema verdict.json "does the build pass?"
  Positional messages after the first are sent as follow-ups, in order:
                                 gong -p "read README.md" "now summarise it in one line"

Model:
  --provider <name>            Provider to use (anthropic, openai, or one from models.json).
                                 gong --provider openai -p "hi"
  --model <id>                 Model id, or provider/model, or sonnet | opus | haiku: the
                               newest of that family (--list-models shows them).
                                 gong --model anthropic/claude-sonnet-5-5 -p "hi"
  --api-key <key>              API key for this run (else the provider's env var).
                                 gong --api-key "$MY_KEY" -p "hi"
  --base-url <url>             Send requests to this server (proxy, local model); without
                                 --provider an OpenAI-compatible one. It gets no key from
                                 the environment: pass --api-key if it needs one.
                                 gong --provider ollama --base-url http://gpu-box:11434/v1 --model qwen3 -p "hi"
  --thinking off|minimal|low|medium|high
                               Reasoning effort for models that support it.
                                 gong --thinking high -p "find the race condition"
  --list-models [search]       List known models (provider, id, context, cost; * = usable:
                               a key is set, or none is needed, like Ollama, vLLM, LM Studio)
                               and what the aliases sonnet, opus, haiku resolve to.
                                 gong --list-models sonnet

Tools:
  --tools a,b,c                Only these tools (read, write, edit, bash, grep, find, ls,
                               todo_write, web_fetch, ask_user).
                                 gong --tools read,grep -p "where is parseArgs defined?"
  --preset default|minimal|readonly
                               Tool preset: all (ask_user only where someone can answer: not
                               in -p or json mode), read/write/edit/bash, or read/grep/find/ls.
                                 gong --preset readonly -p "review this repo"
  --permission-mode ask|accept-edits|auto|plan
                               ask: file changes, bash, MCP tools and web_fetch ask first;
                               accept-edits: edits in the project run, the rest asks; auto
                               (default): rules and hooks decide; plan: only reading tools
                               until you approve the agent's plan. Claude Code's default,
                               acceptEdits, bypassPermissions also work. Shift+Tab cycles;
                               with -p an ask is a deny unless --yes.
                                 gong --permission-mode plan -p "plan the auth refactor"
  --allow-path <dir>           Let the tools touch this directory too (repeatable).
                                 gong --allow-path ../shared -p "update ../shared/types.ts"
  --trust                      Trust this folder (~/.gong/settings.json trustedFolders): only then
                               load .gong/hooks/ and the project keys that run code or widen access
                               (hooks, shell*, passApiKeys, allowedPaths, webFetch, sessionDir,
                               retry, mcpServers, .mcp.json); in ~ or above it add --yes.
                                 gong --trust -p "run the tests"
  --mcp-config <file>          Start the MCP servers of this file too (.mcp.json shape,
                               repeatable); its entries win over the settings' by name.
                                 gong --mcp-config ./servers.json -p "list the open issues"
  --sandbox off|read-only|workspace-write
                               Run bash under bubblewrap (Linux): writable only the project,
                               allowed paths, tool output and a private /tmp (or nothing but
                               /tmp); wins over settings "sandbox" (default off).
                                 gong --sandbox workspace-write -p "run the tests"
  --yes                        Allow tool calls that need confirmation (settings confirmBash,
                               a hook answering "ask") and approve a plan; -p and json mode
                               deny them otherwise.
                                 gong --yes -p "clean the build folder"
  --output-level brief|standard|full
                               Detail of tool output shown to the model (default standard).
                                 gong --output-level brief -p "run the tests"

Sessions (saved in ~/.gong/sessions, or $GONG_HOME/sessions):
  -c, --continue               Continue the newest session of this directory.
                                 gong -c -p "and now add a test"
  -r, --resume [id|name]       Resume the session whose id starts with <id>, or the one
                               named <name> (/rename), from any folder: it runs in its own
                               folder. Without one, pick one of this directory's sessions
                               (on a terminal) or list them (elsewhere).
                                 gong -r 0199a3f2 -p "continue"
  --all                        With -r alone: every folder's sessions.
                                 gong -r --all
  --session <file|id>          Use this session file or id; a file that does not exist yet
                               starts a new session there.
                                 gong --session ./review.jsonl -p "go on"
  --session-dir <dir>          Keep session files in <dir>.
                                 gong --session-dir ./.sessions -p "hi"
  --no-session                 Do not save this run.
                                 gong --no-session -p "what is 2+2?"
  --compact                    With -c or -r <id>: compact that stored session (summarise
                               older messages) so the next prompt fits; sends no prompt.
                                 gong --compact -c
  --rewind [entryId]           With -c or -r <id>: alone, list the session's checkpoints
                               (prompts, files each would change, the store's size); with
                               an entry id, put the files and/or conversation back as they
                               were before that prompt (asks on a terminal, else --yes).
                                 gong --rewind -c
                                 gong --rewind 1a2b3c4d -c --restore code --yes
  --restore code|conversation|both
                               What --rewind <entryId> puts back (default both).
  --export <session> [out.html]
                               Write a session as one self-contained HTML file
                               (an existing file is kept: the export fails).
                                 gong --export 0199a3f2 review.html

Worktrees (parallel sessions, each on a git branch of its own):
  --worktree [name]            Run the session in the git worktree .gong/worktrees/<name> on
                               branch gong/<name> from HEAD (reused if it exists).
                                 gong --worktree fix-login -p "fix the login redirect"
                               At the end its changes are committed on that branch and it is
                               kept; one without changes is removed. No name: a new one.
  gong worktree list           Gong's worktrees: branch, commits and uncommitted changes, folder.
  gong worktree remove <name> [--force]
                               Remove one (--force: also with uncommitted changes); its branch
                               is kept while it has commits HEAD lacks, unless --force.

Prompt:
  --system-prompt <text|file>  Replace the built-in system prompt.
                                 gong --system-prompt "You are a terse reviewer." -p "review"
  --append-system-prompt <text|file>
                               Append to the system prompt.
                                 gong --append-system-prompt ./STYLE.md -p "refactor x.ts"

MCP servers (.mcp.json, settings "mcpServers", --mcp-config; tools named mcp__<server>__<tool>):
  gong mcp list                Start each server, show connected (tool count) / failed and why
                               / disabled, and stop them.
                                 gong mcp list --mcp-config ./servers.json
  gong mcp get <name>          One server: its status, how it is started, its tools' names.
                                 gong mcp get github
  gong mcp add [--scope user|project] <name> -- <command> [args...]
                               Write a stdio server to ~/.gong/settings.json (user, the
                               default) or the project's .mcp.json; comments are kept.
                                 gong mcp add github -- npx -y @modelcontextprotocol/server-github
  gong mcp add --transport http|sse <name> <url> [--header "Key: value"]...
                               Write a remote server the same way.
                                 gong mcp add --transport http docs https://example.com/mcp
  gong mcp remove [--scope user|project] <name>
                               Take a server out of that file.
  gong mcp login <name>        Log in to a remote server with OAuth: the URL is printed and
                               opened ($BROWSER), tokens kept in ~/.gong/mcp-oauth (0600).
                                 gong mcp login linear
  gong mcp logout <name>       Forget that server's tokens.

Web view (the session on a local page, driven from the browser):
  gong web [--port N] [--host H] [--open]
                               Serve it on 127.0.0.1 and print the URL with its token (new
                               each run); session flags (-c, -r <id>, --model) apply. Ctrl+C stops.
                                 gong web -c --open

Running many (a BullMQ queue on Redis; --redis <url> or GONG_REDIS_URL, --queue <name>):
  gong worker [--concurrency N] [--rate-limit N] [--lock-duration ms] [session flags]
                               Take jobs from the queue and run each as gong -p in a
                               fresh clone of its repository; session flags are defaults.
                                 gong worker --redis redis://localhost:6379 --concurrency 4
  gong jobs submit <tasks.jsonl>
                               Queue one job per line: {"repo", "prompt", "ref"?, "model"?,
                               "limits"?, "outputSchema"?, "env"?}.
  gong jobs status | results [--json] | cancel <id>
                               Running and waiting jobs, finished ones, stop one.

Other:
  --verbose                    Show stacks and diagnostics on errors.
                                 gong --verbose -p "hi"
  -v, --version                Print the version.
                                 gong --version
  -h, --help                   Show this help.
                                 gong --help

Context: AGENTS.md (or CLAUDE.md) from ~/.gong/ and from every folder between / and the
cwd; ~/.gong/settings.json < .gong/settings.json < flags; models in ~/.gong/models.json.
Keys: ANTHROPIC_API_KEY, OPENAI_API_KEY, ...; ANTHROPIC_BASE_URL / OPENAI_BASE_URL.
Telemetry: OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 exports traces and metrics
(OTLP/HTTP; OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES honoured).
Exit codes: 0 ok, 1 the run failed, 2 usage error, 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP.
`;
