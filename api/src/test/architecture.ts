// The house rules of docs/ARCHITECTURE.md as a check over the import graph (issue 11, point 8). Pure: the rules take a
// graph (files and their resolved imports), so its own test can feed synthetic graphs; `readImportGraph` builds the
// real one from the source tree.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface ImportEdge {
  /** Repo-relative path of the imported file, or the bare package name ('zod', 'drizzle-orm/pg-core'). */
  to: string;
  /** `import type …` / `export type …` / every specifier marked `type`: erased at runtime. */
  typeOnly: boolean;
}

/** Repo-relative file path (posix) → its imports. */
export type ImportGraph = Map<string, ImportEdge[]>;

export interface Violation {
  rule: 'cycle' | 'area-cycle' | 'db-import' | 'cross-area-repo' | 'core-import';
  /** Stable text naming the violation; the allow-list holds these. */
  key: string;
}

const SOURCE = /\.(ts|tsx)$/;
const TEST_FILE = /(\.test\.tsx?|\.e2e\.ts|\.fixtures?\.ts|\.contract\.ts|\.e2e-helper\.ts|-test-reader\.ts)$/;

/** Test code: leaves of the graph, exempt from the layering rules (tests read the db to assert). */
export function isTestFile(file: string): boolean {
  return TEST_FILE.test(file) || /\/src\/test\//.test(file);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the graph

const IMPORT_RE =
  /(?:^|[\n;])\s*(import|export)\s+(type\s+)?([\w*${}\s,]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The imports of one source text: specifier + whether it is type-only. Comments are stripped first. */
export function scanImports(source: string): { spec: string; typeOnly: boolean }[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const out: { spec: string; typeOnly: boolean }[] = [];
  for (const m of code.matchAll(IMPORT_RE)) {
    if (m[4]) {
      const clause = m[3] ?? '';
      const names = (clause.match(/^\{([\s\S]*)\}$/)?.[1] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const allTyped = names.length > 0 && names.every((s) => s.startsWith('type '));
      out.push({ spec: m[4], typeOnly: Boolean(m[2]) || allTyped });
    } else {
      out.push({ spec: (m[5] ?? m[6]) as string, typeOnly: false });
    }
  }
  return out;
}

const PACKAGE_ROOTS: Record<string, string> = {
  '@zapdesk/core': 'core/src',
  '@zapdesk/api': 'api/src',
};

function resolveFile(absNoExt: string): string | null {
  for (const candidate of [
    absNoExt,
    `${absNoExt}.ts`,
    `${absNoExt}.tsx`,
    join(absNoExt, 'index.ts'),
    join(absNoExt, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function resolveSpec(root: string, fromFile: string, spec: string): string {
  if (spec.startsWith('.')) {
    const hit = resolveFile(resolve(root, dirname(fromFile), spec));
    return hit ? relative(root, hit).split('\\').join('/') : `unresolved:${spec}`;
  }
  for (const [pkg, dir] of Object.entries(PACKAGE_ROOTS)) {
    if (spec === pkg || spec.startsWith(`${pkg}/`)) {
      const rest = spec === pkg ? 'index' : spec.slice(pkg.length + 1);
      const target = pkg === '@zapdesk/api' && rest === 'app' ? 'app' : rest;
      const hit = resolveFile(join(root, dir, target));
      return hit ? relative(root, hit).split('\\').join('/') : `unresolved:${spec}`;
    }
  }
  return spec;
}

function walk(dir: string, acc: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, acc);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) acc.push(p);
  }
  return acc;
}

/** The import graph of the given source folders (repo-relative, e.g. 'api/src'). */
export function readImportGraph(root: string, folders: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const folder of folders) {
    for (const abs of walk(join(root, folder), [])) {
      const file = relative(root, abs).split('\\').join('/');
      graph.set(
        file,
        scanImports(readFileSync(abs, 'utf8')).map(({ spec, typeOnly }) => ({
          to: resolveSpec(root, file, spec),
          typeOnly,
        })),
      );
    }
  }
  return graph;
}

// ---------------------------------------------------------------------------------------------------------------
// Graph helpers

/** Strongly connected components with more than one member (or a self-loop): the cycles. Tarjan, iterative-safe size. */
export function cycles(nodes: Iterable<string>, edges: (n: string) => Iterable<string>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  const strong = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    let selfLoop = false;
    for (const w of edges(v)) {
      if (w === v) selfLoop = true;
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || selfLoop) out.push(comp.sort());
    }
  };
  for (const n of nodes) if (!index.has(n)) strong(n);
  return out;
}

/**
 * The unit of an api file for the area-cycle rule: `modules/<area>`, the whole `platform` (one shared layer: it must
 * not import areas, whatever its parts do among themselves), `db`, or a top-level file (`app`, `startup`, …). Null
 * outside the api (web areas share components freely; web is checked file by file).
 */
export function unitOf(file: string): string | null {
  if (!file.startsWith('api/src/')) return null;
  const m = file.match(/^api\/src\/modules\/([^/.]+)/);
  if (m) return `modules/${m[1]}`;
  if (file.startsWith('api/src/platform/')) return 'platform';
  if (file.startsWith('api/src/db/')) return 'db';
  return file.slice('api/src/'.length).replace(SOURCE, '');
}

const areaOf = (file: string): string | null => file.match(/^api\/src\/modules\/([^/]+)\//)?.[1] ?? null;
const isRepo = (file: string): boolean => /\.repo\.ts$/.test(file);

const DB_MODULE = (to: string): boolean =>
  /^(drizzle-orm|postgres$|@electric-sql\/)/.test(to) || /^api\/src\/(db|platform\/db)\//.test(to);

/** Files that open the database for the process (composition roots), besides repos and the db platform. */
const DB_ROOTS = new Set(['api/src/platform/index.ts', 'api/src/cli.ts']);

function mayImportDb(file: string): boolean {
  return (
    isRepo(file) ||
    /^api\/src\/(db|platform\/db)\//.test(file) ||
    DB_ROOTS.has(file) ||
    !file.startsWith('api/src/') ||
    isTestFile(file)
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The rules

/**
 * Every violation of the import rules in the graph:
 * - `cycle`: files importing each other, directly or around a loop (type-only imports count: they are a dependency
 *   of the design even when erased);
 * - `area-cycle`: the same between api units (`modules/tickets` ↔ `modules/messages`, `platform` ↔ an area);
 * - `db-import`: a value import of drizzle/postgres/the schema/the db handle outside repos, `platform/db`, the schema
 *   and the composition roots (type imports of row types are fine);
 * - `cross-area-repo`: a file of one api area importing another area's `*.repo.ts`;
 * - `core-import`: core importing anything but zod and core's own files.
 */
export function checkArchitecture(graph: ImportGraph): Violation[] {
  const out: Violation[] = [];
  const sourceFiles = [...graph.keys()].filter((f) => !isTestFile(f));
  const internal = (f: string) => graph.has(f) && !isTestFile(f);

  for (const comp of cycles(sourceFiles, (f) => (graph.get(f) ?? []).map((e) => e.to).filter(internal))) {
    out.push({ rule: 'cycle', key: `cycle: ${comp.join(' ↔ ')}` });
  }

  const unitEdges = new Map<string, Set<string>>();
  for (const f of sourceFiles) {
    const from = unitOf(f);
    if (from === null) continue;
    const set = unitEdges.get(from) ?? new Set<string>();
    unitEdges.set(from, set);
    for (const e of graph.get(f) ?? []) {
      if (!internal(e.to)) continue;
      const to = unitOf(e.to);
      if (to !== null && to !== from) set.add(to);
    }
  }
  for (const comp of cycles(unitEdges.keys(), (u) => unitEdges.get(u) ?? [])) {
    out.push({ rule: 'area-cycle', key: `area-cycle: ${comp.join(' ↔ ')}` });
  }

  for (const f of sourceFiles) {
    for (const e of graph.get(f) ?? []) {
      if (!e.typeOnly && DB_MODULE(e.to) && !mayImportDb(f)) {
        out.push({ rule: 'db-import', key: `db-import: ${f} → ${e.to}` });
      }
      const from = areaOf(f);
      const to = areaOf(e.to);
      if (from && to && from !== to && isRepo(e.to)) {
        out.push({ rule: 'cross-area-repo', key: `cross-area-repo: ${f} → ${e.to}` });
      }
      if (f.startsWith('core/src/')) {
        const ok = e.to === 'zod' || e.to.startsWith('core/src/');
        if (!ok) out.push({ rule: 'core-import', key: `core-import: ${f} → ${e.to}` });
      }
    }
  }
  return out;
}

export interface AllowedViolation {
  key: string;
  /** Why it is still here and who removes it. */
  why: string;
}

const membersOf = (key: string): string[] | null => {
  const m = key.match(/^(area-cycle|cycle): (.*)$/);
  return m ? m[2].split(' ↔ ') : null;
};
const ruleOf = (key: string): string => key.slice(0, key.indexOf(':'));

/** A violation the allow-list covers: the same key, or a cycle whose members are all in an allowed cycle (shrunk). */
function covers(allowed: string, violation: Violation): boolean {
  if (allowed === violation.key) return true;
  const a = membersOf(allowed);
  const v = membersOf(violation.key);
  return a !== null && v !== null && ruleOf(allowed) === violation.rule && v.every((m) => a.includes(m));
}

/**
 * The allow-list only shrinks: `unexpected` are violations no entry covers (a new cycle, a new cross-area repo
 * import…); `stale` are entries nothing violates any more (remove them).
 */
export function compareWithAllowList(
  violations: Violation[],
  allowList: AllowedViolation[],
): { unexpected: string[]; stale: string[] } {
  return {
    unexpected: violations.filter((v) => !allowList.some((a) => covers(a.key, v))).map((v) => v.key),
    stale: allowList.filter((a) => !violations.some((v) => covers(a.key, v))).map((a) => a.key),
  };
}

/**
 * Two rules over an area's (non-test) source text:
 * - domain time reads the API clock (`platform/clock`: `now()`, `nowDate()`), so tests can move it: `Date.now()` and
 *   an argument-less `new Date()` are reported as `system-time: <file>:<line>` (elapsed real time is
 *   `performance.now()`);
 * - jobs are typed (`defineJob`): a direct `jobs.add(` / `jobs.define(` is reported as `untyped-job: <file>:<line>`.
 */
export function findSystemTime(files: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [file, source] of files) {
    if (!/^api\/src\/modules\//.test(file) || isTestFile(file)) continue;
    const code = source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
    code.split('\n').forEach((line, i) => {
      const bare = line.replace(/(^|[^:'"`\\])\/\/.*$/, '$1');
      if (/\bDate\.now\(\)|\bnew Date\(\s*\)/.test(bare)) out.push(`system-time: ${file}:${i + 1}`);
      if (/\bjobs\s*\.\s*(add|define)\s*\(/.test(bare)) out.push(`untyped-job: ${file}:${i + 1}`);
    });
  }
  return out;
}

/** The sources of the given folders (repo-relative path → text). */
export function readSources(root: string, folders: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const folder of folders) {
    for (const abs of walk(join(root, folder), []))
      out.set(relative(root, abs).split('\\').join('/'), readFileSync(abs, 'utf8'));
  }
  return out;
}
