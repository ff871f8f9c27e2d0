/**
 * `gong -r <name>`: a session reference may be the name given with `/rename` as well as
 * an id prefix or a path. A word that could be the start of an id (only hex digits and
 * dashes: `cafe`, `add`) is an id first and a name after; any other word is a name
 * first, so a name never loses to an id that happens to start with it. A name is looked
 * for among this project's sessions, then among all; two sessions of one name are
 * ambiguous (their ids are named).
 */
import { fail, ok, type Result } from "./errors.js";
import { type FindSessionOptions, looksLikePath, resolveSessionPath } from "./find.js";
import { listAllSessions, listSessions, type SessionInfo } from "./list.js";

const ID_LIKE = /^[0-9a-f-]+$/i;

export function resolveSessionRef(query: string, options: FindSessionOptions = {}): Result<string> {
  if (looksLikePath(query)) return resolveSessionPath(query, options);
  if (ID_LIKE.test(query)) {
    const byId = resolveSessionPath(query, options);
    if (byId.ok || byId.error.code !== "SESSION_NOT_FOUND") return byId;
    return findByName(query, options) ?? byId;
  }
  const found = findByName(query, options) ?? resolveSessionPath(query, options);
  if (found.ok || found.error.code !== "SESSION_NOT_FOUND") return found;
  return fail({
    code: "SESSION_NOT_FOUND",
    message: `No session is named "${query}" (and no session id starts with it). List sessions with --resume (--all for every folder), or name one with /rename.`,
    query,
  });
}

/** The one session of this name (this project's first), an ambiguity, or undefined. */
function findByName(name: string, options: FindSessionOptions): Result<string> | undefined {
  const wanted = name.trim().toLowerCase();
  const named = (sessions: SessionInfo[]) =>
    sessions.filter((session) => session.name?.toLowerCase() === wanted);
  const scopes = [
    ...(options.cwd ? [() => listSessions(options.cwd!, options)] : []),
    () => listAllSessions(options),
  ];
  for (const scope of scopes) {
    const matches = named(scope());
    if (matches.length === 1) return ok(matches[0]!.path);
    if (matches.length > 1)
      return fail({
        code: "AMBIGUOUS_SESSION_ID",
        message: `${matches.length} sessions are named "${name}": resume one by its id (${matches
          .slice(0, 5)
          .map((session) => `${session.id.slice(0, 8)} in ${session.cwd}`)
          .join(", ")}), or /rename one of them.`,
        query: name,
        matches: matches.map((session) => session.path),
      });
  }
  return undefined;
}
