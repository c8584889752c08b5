/**
 * The command tree of a bot setup (spec 2 §4: "Command numbering must follow a book-index style: 1, 1.1, 1.2, 2,
 * 2.1"). A path is positive integers joined by dots, no leading zeros. A tree of paths is valid when every path's
 * parent exists ("a child needs its parent") and every path but a first child has its previous sibling ("no gaps":
 * 1.3 needs 1.2). Decision recorded in docs/DECISIONS.md "Chatbots".
 */

export const COMMAND_PATH_TEXTS = {
  format: 'Use a numeração de índice: 1, 1.1, 1.2, 2…',
  duplicate: (p: string) => `O comando ${p} já existe`,
  missingParent: (p: string, parent: string) => `Crie o comando ${parent} antes de ${p}`,
  gap: (p: string, previous: string) => `Numeração com lacuna: crie o comando ${previous} antes de ${p}`,
  hasChildren: (p: string) => `O comando ${p} tem subcomandos: mova ou exclua os subcomandos antes de renumerá-lo`,
} as const;

/** the deepest level accepted (a menu 10 levels deep is a typo) */
export const COMMAND_PATH_MAX_DEPTH = 10;
const SEGMENT = /^[1-9]\d{0,3}$/;

/** The path's numbers, or null when it is not a book-index path. */
export function parseCommandPath(path: string): number[] | null {
  const parts = path.trim().split('.');
  if (parts.length === 0 || parts.length > COMMAND_PATH_MAX_DEPTH) return null;
  if (!parts.every((p) => SEGMENT.test(p))) return null;
  return parts.map(Number);
}

export function isCommandPath(path: string): boolean {
  return parseCommandPath(path) !== null;
}

/** '1.2.3' → '1.2'; a top-level command's parent is '' (the root). */
export function parentPath(path: string): string {
  const i = path.lastIndexOf('.');
  return i < 0 ? '' : path.slice(0, i);
}

/** '1.2' → '1.1'; a first child has none (null). */
export function previousSibling(path: string): string | null {
  const nums = parseCommandPath(path);
  if (!nums) return null;
  const last = nums[nums.length - 1] as number;
  if (last <= 1) return null;
  return [...nums.slice(0, -1), last - 1].join('.');
}

/** the option number a customer types to pick this command from its parent's menu ('1.2' → '2') */
export function optionNumber(path: string): string {
  const i = path.lastIndexOf('.');
  return i < 0 ? path : path.slice(i + 1);
}

/** Book order: 1, 1.1, 1.1.1, 1.2, 2, 10 (numeric by segment, a parent before its children). */
export function compareCommandPaths(a: string, b: string): number {
  const x = parseCommandPath(a) ?? [];
  const y = parseCommandPath(b) ?? [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i] as number) - (y[i] as number);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

export type PathProblem = { path: string; message: string };

/** Every problem of a set of paths (empty: a valid tree). */
export function commandTreeProblems(paths: readonly string[]): PathProblem[] {
  return treeReasons(paths).map((x) => ({ path: x.path, message: commandPathText(x.reason) }));
}

/**
 * A refused path as a code and its parameters (the API sends it as the error's `reason`, the web translates it;
 * the Portuguese text stays the API's message): `format`, `duplicate` {path}, `missingParent` {path, parent},
 * `gap` {path, previous}, `hasChildren` {path}.
 */
export type CommandPathReason =
  | { code: 'commandPath.format'; params: Record<string, never> }
  | { code: 'commandPath.duplicate'; params: { path: string } }
  | { code: 'commandPath.missingParent'; params: { path: string; parent: string } }
  | { code: 'commandPath.gap'; params: { path: string; previous: string } }
  | { code: 'commandPath.hasChildren'; params: { path: string } };

/** The Portuguese text of a refused path (spec style; the API's message). */
export function commandPathText(r: CommandPathReason): string {
  switch (r.code) {
    case 'commandPath.format':
      return COMMAND_PATH_TEXTS.format;
    case 'commandPath.duplicate':
      return COMMAND_PATH_TEXTS.duplicate(r.params.path);
    case 'commandPath.missingParent':
      return COMMAND_PATH_TEXTS.missingParent(r.params.path, r.params.parent);
    case 'commandPath.gap':
      return COMMAND_PATH_TEXTS.gap(r.params.path, r.params.previous);
    case 'commandPath.hasChildren':
      return COMMAND_PATH_TEXTS.hasChildren(r.params.path);
  }
}

function treeReasons(paths: readonly string[]): { path: string; reason: CommandPathReason }[] {
  const out: { path: string; reason: CommandPathReason }[] = [];
  const seen = new Set<string>();
  for (const p of paths) {
    if (!isCommandPath(p)) out.push({ path: p, reason: { code: 'commandPath.format', params: {} } });
    else if (seen.has(p)) out.push({ path: p, reason: { code: 'commandPath.duplicate', params: { path: p } } });
    seen.add(p);
  }
  for (const p of [...seen].filter(isCommandPath).sort(compareCommandPaths)) {
    const parent = parentPath(p);
    if (parent && !seen.has(parent)) {
      out.push({ path: p, reason: { code: 'commandPath.missingParent', params: { path: p, parent } } });
      continue;
    }
    const prev = previousSibling(p);
    if (prev && !seen.has(prev)) {
      out.push({ path: p, reason: { code: 'commandPath.gap', params: { path: p, previous: prev } } });
    }
  }
  return out;
}

/**
 * Whether a command may take `path` among the setup's other commands (`others`: every path but the edited one's).
 * `previous`: the command's path before an edit — a command with subcommands keeps its path (its children would
 * lose their parent), and its old place must not leave a gap. Answers the refusal's code and parameters, or null.
 */
export function commandPathReason(
  path: string,
  others: readonly string[],
  previous?: string | null,
): CommandPathReason | null {
  const p = path.trim();
  if (!isCommandPath(p)) return { code: 'commandPath.format', params: {} };
  if (others.includes(p)) return { code: 'commandPath.duplicate', params: { path: p } };
  if (previous && previous !== p && others.some((o) => parentPath(o) === previous)) {
    return { code: 'commandPath.hasChildren', params: { path: previous } };
  }
  const problems = treeReasons([...others, p]);
  if (!problems.length) return null;
  // the new path's own problem first; else the one its move leaves behind (a gap where it was)
  return (problems.find((x) => x.path === p) ?? problems[0])?.reason ?? null;
}

/** commandPathReason's Portuguese text, or null. */
export function checkCommandPath(path: string, others: readonly string[], previous?: string | null): string | null {
  const r = commandPathReason(path, others, previous);
  return r ? commandPathText(r) : null;
}

/**
 * Deleting a command deletes its subcommands and closes the gap: the later siblings (and their subtrees) move up by
 * one (delete 1.2 of 1.1, 1.2, 1.3 → 1.3 becomes 1.2, 1.3.1 becomes 1.2.1). Answers the paths deleted and the
 * renames (old → new), applied by the caller in one transaction.
 */
export function deleteFromTree(
  paths: readonly string[],
  deleted: string,
): { removed: string[]; renamed: { from: string; to: string }[] } {
  const inside = (p: string, root: string) => p === root || p.startsWith(`${root}.`);
  const removed = paths.filter((p) => inside(p, deleted));
  const nums = parseCommandPath(deleted);
  if (!nums) return { removed, renamed: [] };
  const depth = nums.length;
  const prefix = nums.slice(0, -1);
  const last = nums[depth - 1] as number;
  const renamed: { from: string; to: string }[] = [];
  for (const p of paths) {
    const q = parseCommandPath(p);
    if (!q || q.length < depth) continue;
    if (!prefix.every((n, i) => q[i] === n)) continue;
    const at = q[depth - 1] as number;
    if (at <= last) continue;
    const moved = [...q];
    moved[depth - 1] = at - 1;
    renamed.push({ from: p, to: moved.join('.') });
  }
  return { removed, renamed };
}

export type CommandTreeNode<T> = { path: string; command: T; children: CommandTreeNode<T>[] };

/**
 * The tree of commands in book order; a command whose parent is missing (a tree stored before the rule, or edited
 * elsewhere) hangs from the root so it stays visible and editable.
 */
export function buildCommandTree<T extends { commandBot: string }>(commands: readonly T[]): CommandTreeNode<T>[] {
  const sorted = [...commands].sort((a, b) => compareCommandPaths(a.commandBot, b.commandBot));
  const byPath = new Map<string, CommandTreeNode<T>>();
  const roots: CommandTreeNode<T>[] = [];
  for (const c of sorted) {
    const node: CommandTreeNode<T> = { path: c.commandBot, command: c, children: [] };
    if (byPath.has(c.commandBot)) continue;
    byPath.set(c.commandBot, node);
    const parent = byPath.get(parentPath(c.commandBot));
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The commands directly under `path` ('' = the root), in book order. */
export function childrenOf<T extends { commandBot: string }>(commands: readonly T[], path: string): T[] {
  return commands
    .filter((c) => isCommandPath(c.commandBot) && parentPath(c.commandBot) === path)
    .sort((a, b) => compareCommandPaths(a.commandBot, b.commandBot));
}
