// The guard of issue 11, point 8: the import rules of docs/ARCHITECTURE.md over core/, api/ and web/ sources.
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import {
  type AllowedViolation,
  checkArchitecture,
  compareWithAllowList,
  findSystemTime,
  type ImportGraph,
  isTestFile,
  readImportGraph,
  readSources,
  scanImports,
} from './test/architecture';

const ROOT = join(import.meta.dir, '..', '..');

/**
 * Known violations, each removed by the work that fixes it. This list may only SHRINK: an entry nothing violates any
 * more fails the test (delete it); a cycle that loses members is still covered by its old entry (narrow it when you
 * can). Never add an entry — fix the import instead. Empty since issue 11 (the cycles pipeline↔contacts↔whatsapp,
 * messages↔tickets, auth↔companies, web routes↔pages and every cross-area repo import are gone).
 */
const ALLOWED: AllowedViolation[] = [];

describe('architecture guard', () => {
  test('the sources keep the import rules (violations only from the shrinking allow-list)', () => {
    const graph = readImportGraph(ROOT, ['core/src', 'api/src', 'web/src']);
    const unresolved = [...graph.entries()].flatMap(([f, es]) =>
      isTestFile(f) ? [] : es.filter((e) => e.to.startsWith('unresolved:')).map((e) => `${f} → ${e.to}`),
    );
    expect(unresolved).toEqual([]);
    expect(compareWithAllowList(checkArchitecture(graph), ALLOWED)).toEqual({ unexpected: [], stale: [] });
  });

  test('a cycle or a cross-area repo import introduced into the real sources fails the guard', () => {
    const graph = readImportGraph(ROOT, ['core/src', 'api/src', 'web/src']);
    const tagsService = 'api/src/modules/tags/tags.service.ts';
    const queuesService = 'api/src/modules/queues/queues.service.ts';
    expect(graph.has(tagsService) && graph.has(queuesService)).toBe(true);

    // queues → tags → queues (tags.service does not import queues today; add both directions to be sure of the loop)
    const withCycle: ImportGraph = new Map(graph);
    withCycle.set(queuesService, [...(graph.get(queuesService) ?? []), { to: tagsService, typeOnly: false }]);
    withCycle.set(tagsService, [...(graph.get(tagsService) ?? []), { to: queuesService, typeOnly: true }]);
    const cyc = compareWithAllowList(checkArchitecture(withCycle), ALLOWED);
    expect(cyc.unexpected).toContain(`cycle: ${queuesService} ↔ ${tagsService}`);
    expect(cyc.unexpected).toContain('area-cycle: modules/queues ↔ modules/tags');

    const withRepo: ImportGraph = new Map(graph);
    withRepo.set(queuesService, [
      ...(graph.get(queuesService) ?? []),
      { to: 'api/src/modules/tags/tags.repo.ts', typeOnly: false },
    ]);
    expect(compareWithAllowList(checkArchitecture(withRepo), ALLOWED).unexpected).toEqual([
      `cross-area-repo: ${queuesService} → api/src/modules/tags/tags.repo.ts`,
    ]);
  });

  const g = (edges: Record<string, (string | [string, 'type'])[]>): ImportGraph =>
    new Map(
      Object.entries(edges).map(([f, tos]) => [
        f,
        tos.map((t) => (Array.isArray(t) ? { to: t[0], typeOnly: true } : { to: t, typeOnly: false })),
      ]),
    );
  const keys = (graph: ImportGraph) => checkArchitecture(graph).map((v) => v.key);

  test('synthetic graphs: each rule fires on its violation and stays quiet on the allowed shapes', () => {
    const clean = g({
      'api/src/modules/a/a.routes.ts': ['api/src/modules/a/a.service.ts', 'hono'],
      'api/src/modules/a/a.service.ts': ['api/src/modules/a/a.repo.ts', 'api/src/modules/b/b.service.ts'],
      'api/src/modules/a/a.repo.ts': ['drizzle-orm', 'api/src/platform/db/index.ts', 'api/src/db/schema/a.ts'],
      'api/src/modules/a/a.dto.ts': [['api/src/db/schema/a.ts', 'type']],
      'api/src/modules/a/a.test.ts': ['api/src/platform/db/index.ts', 'api/src/modules/b/b.repo.ts'],
      'api/src/modules/b/b.service.ts': ['api/src/modules/b/b.repo.ts', '@zapdesk/core'],
      'api/src/modules/b/b.repo.ts': ['api/src/platform/db/index.ts'],
      'api/src/platform/db/index.ts': ['postgres', 'drizzle-orm/postgres-js'],
      'api/src/db/schema/a.ts': ['drizzle-orm/pg-core'],
      'core/src/x/x.ts': ['zod', 'core/src/errors.ts'],
      'core/src/errors.ts': [],
      'core/src/x/x.test.ts': ['bun:test', 'fast-check'],
    });
    expect(keys(clean)).toEqual([]);

    expect(
      keys(
        g({
          'api/src/modules/a/a.service.ts': ['api/src/modules/b/b.service.ts'],
          'api/src/modules/b/b.service.ts': [['api/src/modules/a/a.service.ts', 'type']],
        }),
      ),
    ).toEqual([
      'cycle: api/src/modules/a/a.service.ts ↔ api/src/modules/b/b.service.ts',
      'area-cycle: modules/a ↔ modules/b',
    ]);
    // files of two areas without a file loop still make an area loop
    expect(
      keys(
        g({
          'api/src/modules/a/a.service.ts': ['api/src/modules/b/b.service.ts'],
          'api/src/modules/b/b.service.ts': [],
          'api/src/modules/b/b.other.ts': ['api/src/modules/a/a.helpers.ts'],
          'api/src/modules/a/a.helpers.ts': [],
        }),
      ),
    ).toEqual(['area-cycle: modules/a ↔ modules/b']);
    // platform importing an area closes a loop with any area that uses the platform
    expect(
      keys(
        g({
          'api/src/modules/a/a.service.ts': ['api/src/platform/jobs/types.ts'],
          'api/src/platform/jobs/types.ts': [],
          'api/src/platform/http/errors.ts': ['api/src/modules/a/a.service.ts'],
        }),
      ),
    ).toEqual(['area-cycle: modules/a ↔ platform']);
    expect(
      keys(
        g({
          'api/src/modules/a/a.service.ts': ['drizzle-orm', 'api/src/db/schema/a.ts', 'api/src/modules/b/b.repo.ts'],
          'api/src/modules/b/b.repo.ts': [],
          'api/src/db/schema/a.ts': [],
          'core/src/x.ts': ['hono', 'api/src/modules/b/b.repo.ts', 'zod'],
        }),
      ),
    ).toEqual([
      'db-import: api/src/modules/a/a.service.ts → drizzle-orm',
      'db-import: api/src/modules/a/a.service.ts → api/src/db/schema/a.ts',
      'cross-area-repo: api/src/modules/a/a.service.ts → api/src/modules/b/b.repo.ts',
      'core-import: core/src/x.ts → hono',
      'core-import: core/src/x.ts → api/src/modules/b/b.repo.ts',
    ]);
  });

  test('the allow-list covers a shrunk cycle, refuses a new one and reports entries nothing violates', () => {
    const allowed = [
      { key: 'cycle: a.ts ↔ b.ts ↔ c.ts', why: '' },
      { key: 'cross-area-repo: x → y', why: '' },
    ];
    expect(compareWithAllowList([{ rule: 'cycle', key: 'cycle: a.ts ↔ c.ts' }], allowed)).toEqual({
      unexpected: [],
      stale: ['cross-area-repo: x → y'],
    });
    expect(
      compareWithAllowList(
        [
          { rule: 'cycle', key: 'cycle: a.ts ↔ d.ts' },
          { rule: 'cross-area-repo', key: 'cross-area-repo: x → y' },
        ],
        allowed,
      ),
    ).toEqual({ unexpected: ['cycle: a.ts ↔ d.ts'], stale: ['cycle: a.ts ↔ b.ts ↔ c.ts'] });
  });

  test('areas read domain time from platform/clock and queue only typed jobs (defineJob)', () => {
    expect(findSystemTime(readSources(ROOT, ['api/src/modules']))).toEqual([]);
    const synthetic = new Map([
      [
        'api/src/modules/a/a.service.ts',
        'const t = Date.now();\nconst d = new Date();\nconst p = new Date(t);\nawait platform().jobs.add("x", {});',
      ],
      ['api/src/modules/a/a.repo.ts', '// Date.now() in a comment\n/* new Date() */\nconst ok = nowDate();'],
      ['api/src/modules/a/a.test.ts', 'const t = Date.now();'],
      ['api/src/platform/x.ts', 'const t = Date.now();'],
    ]);
    expect(findSystemTime(synthetic)).toEqual([
      'system-time: api/src/modules/a/a.service.ts:1',
      'system-time: api/src/modules/a/a.service.ts:2',
      'untyped-job: api/src/modules/a/a.service.ts:4',
    ]);
  });

  test('scanImports reads every import form, marks type-only ones and skips comments', () => {
    const source = [
      "import { a, type B } from './a';",
      "import type { C } from './c';",
      "import {\n  type D,\n  type E,\n} from './d';",
      "import * as ns from 'ns';",
      "import './side-effect';",
      "export { f } from './f';",
      "export type { G } from './g';",
      "const lazy = await import('./lazy');",
      "// import { nope } from './commented';",
      "/* import { nope2 } from './block'; */",
      "const s = 'from the start';",
    ].join('\n');
    expect(scanImports(source)).toEqual([
      { spec: './a', typeOnly: false },
      { spec: './c', typeOnly: true },
      { spec: './d', typeOnly: true },
      { spec: 'ns', typeOnly: false },
      { spec: './side-effect', typeOnly: false },
      { spec: './f', typeOnly: false },
      { spec: './g', typeOnly: true },
      { spec: './lazy', typeOnly: false },
    ]);
  });
});
