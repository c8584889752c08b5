/**
 * bench:web — the production bundle: gzip size of the first load (entry chunk + its static imports + CSS, from
 * Vite's manifest) and of every lazy chunk. Builds into a private directory so it never touches web/dist.
 * Validates: the build succeeds, index.html references the entry, and routes are split into lazy chunks.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  appendRunTable,
  BENCH_DATA_DIR,
  check,
  fmt,
  log,
  machineInfo,
  ROOT,
  type Row,
  writeResult,
} from './lib/common';

type ManifestEntry = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

const FIRST_LOAD_BUDGET_KB = 200;

function gz(file: string): { raw: number; gzip: number } {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: Bun.gzipSync(bytes, { level: 9 }).length };
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

async function main() {
  const machine = await machineInfo();
  const outDir = join(BENCH_DATA_DIR, 'web-dist');
  rmSync(outDir, { recursive: true, force: true });
  log('building the web app (production)');
  const t0 = performance.now();
  const build = Bun.spawn(
    [process.execPath, '--bun', 'vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', 'manifest.json'],
    { cwd: join(ROOT, 'web'), stdout: 'ignore', stderr: 'pipe', env: { ...process.env, NODE_ENV: 'production' } },
  );
  const code = await build.exited;
  const buildSeconds = (performance.now() - t0) / 1000;
  if (code !== 0) {
    console.error(await new Response(build.stderr as ReadableStream).text());
    throw new Error(`vite build failed (${code})`);
  }
  const manifestFile = join(outDir, 'manifest.json');
  check(existsSync(manifestFile), 'vite wrote manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
  const entries = Object.entries(manifest).filter(([, e]) => e.isEntry);
  check(entries.length === 1, `one entry chunk (found ${entries.length})`);
  const [entryKey, entry] = entries[0];
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  check(html.includes(entry.file), 'index.html loads the entry chunk');

  // first load = the entry and everything it imports statically (modulepreload), plus their CSS
  const first = new Set<string>();
  const css = new Set<string>();
  const walk = (key: string) => {
    const e = manifest[key];
    if (!e || first.has(e.file)) return;
    first.add(e.file);
    for (const c of e.css ?? []) css.add(c);
    for (const i of e.imports ?? []) walk(i);
  };
  walk(entryKey);
  const firstJs = [...first].map((f) => ({ file: f, ...gz(join(outDir, f)) }));
  const firstCss = [...css].map((f) => ({ file: f, ...gz(join(outDir, f)) }));
  const firstJsGzip = firstJs.reduce((s, f) => s + f.gzip, 0);
  const firstCssGzip = firstCss.reduce((s, f) => s + f.gzip, 0);

  const lazy = Object.entries(manifest)
    .filter(([, e]) => e.file.endsWith('.js') && !first.has(e.file))
    .map(([key, e]) => ({
      key,
      name: e.name ?? key,
      file: e.file,
      dynamic: !!e.isDynamicEntry,
      ...gz(join(outDir, e.file)),
    }))
    .sort((x, y) => y.gzip - x.gzip);
  const dynamicEntries = lazy.filter((l) => l.dynamic);
  check(dynamicEntries.length >= 5, `routes are lazy-loaded (found ${dynamicEntries.length} dynamic chunks)`);
  for (const f of [...firstJs, ...lazy]) check(statSync(join(outDir, f.file)).size > 0, `${f.file} is not empty`);

  const file = writeResult('web', {
    machine,
    buildSeconds: Math.round(buildSeconds),
    firstLoad: { js: firstJs, css: firstCss, jsGzip: firstJsGzip, cssGzip: firstCssGzip },
    lazy,
  });
  const rows: Row[] = [
    {
      metric: `first-load JavaScript (entry + ${firstJs.length - 1} static imports), gzip`,
      budget: `≤ ${FIRST_LOAD_BUDGET_KB} KB`,
      measured: `${fmt(kb(firstJsGzip))} KB (raw ${fmt(kb(firstJs.reduce((s, f) => s + f.raw, 0)))} KB)`,
      ok: kb(firstJsGzip) <= FIRST_LOAD_BUDGET_KB,
    },
    { metric: 'first-load CSS, gzip', budget: '', measured: `${fmt(kb(firstCssGzip))} KB`, ok: null },
    {
      metric: 'lazy chunks',
      budget: 'routes lazy-loaded',
      measured: `${lazy.length} chunks (${dynamicEntries.length} dynamic entries), ${fmt(kb(lazy.reduce((s, l) => s + l.gzip, 0)))} KB gzip in total`,
      ok: dynamicEntries.length >= 5,
    },
    ...lazy.slice(0, 12).map((l) => ({
      metric: `lazy \`${l.file.replace(/^assets\//, '')}\``,
      budget: '',
      measured: `${fmt(kb(l.gzip))} KB gzip (${fmt(kb(l.raw))} KB raw)`,
      ok: null,
    })),
  ];
  appendRunTable('bench:web', machine, rows, [
    `vite production build in ${Math.round(buildSeconds)} s; the ${Math.max(0, lazy.length - 12)} smaller lazy chunks are in \`${file.replace(/.*\/bench\//, 'bench/')}\``,
  ]);
  log(`first load ${fmt(kb(firstJsGzip))} KB gzip JS, ${lazy.length} lazy chunks`, file);
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
