import { join } from 'node:path';
import { plugin } from 'bun';

/**
 * Bun test support for modules using Lingui macros (`msg`, `t`, `Trans`): compiles web/src files through the Lingui
 * babel macro plugin on import, as Vite does in the app. Call `await installLinguiMacros()` BEFORE dynamically
 * importing the module under test.
 */
let installed = false;

export async function installLinguiMacros(): Promise<void> {
  if (installed) return;
  installed = true;
  // typed loosely: @babel/core ships no types and this is test-only plumbing
  const babel: {
    transformAsync(code: string, opts: object): Promise<{ code?: string | null } | null>;
  } = await import('@babel/core' as string);
  const macroPath = Bun.resolveSync('@lingui/babel-plugin-lingui-macro', import.meta.dir);
  const macro = (await import(macroPath)).default;
  // @lingui/conf is the macro's own dependency (not the web's): resolve it from there
  const { getConfig } = await import(Bun.resolveSync('@lingui/conf', macroPath));
  const webDir = join(import.meta.dir, '../..');
  const linguiConfig = getConfig({ cwd: webDir, configPath: join(webDir, 'lingui.config.ts') });
  plugin({
    name: 'lingui-macro',
    setup(build) {
      build.onLoad({ filter: /\/web\/src\/.*\.tsx?$/ }, async (args) => {
        const source = await Bun.file(args.path).text();
        if (!source.includes('@lingui/core/macro') && !source.includes('@lingui/react/macro')) {
          return { contents: source, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
        }
        const out = await babel.transformAsync(source, {
          filename: args.path,
          babelrc: false,
          configFile: false,
          parserOpts: { plugins: ['typescript', 'jsx'] },
          plugins: [[macro, { descriptorFields: 'message', linguiConfig }]],
        });
        return { contents: out?.code ?? source, loader: 'tsx' };
      });
    },
  });
}
