import type { Plugin } from 'vite';

/** Source folders whose code belongs to one screen and must reach the browser with that screen. */
const FEATURE_CODE = /\/src\/features\/(?!shell\/)[^/]+\//;

function packageOf(moduleId: string): string {
  // antd is one package of many components: name the component folder.
  const antd = /node_modules\/antd\/es\/([^/]+)/.exec(moduleId);
  if (antd) return `antd/${antd[1]}`;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId);
  if (match) return match[1];
  const source = /\/src\/(.+)$/.exec(moduleId);
  return source ? `src/${source[1].split('/').slice(0, 2).join('/')}` : moduleId;
}

/**
 * Keeps the entry chunk to the shell: the build fails when code of a screen (`src/features/*`
 * other than the shell) lands in it. With `BUNDLE_REPORT=1` it also prints what the entry is made
 * of, largest first, by package or source folder (rendered bytes before compression).
 */
export function entryGuard(): Plugin {
  return {
    name: 'tollgate-entry-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const intruders = Object.keys(chunk.modules).filter((id) => FEATURE_CODE.test(id));
        if (intruders.length > 0) {
          this.error(
            `screen code in the entry chunk ${chunk.fileName} (import it lazily):\n  ${intruders.join('\n  ')}`,
          );
        }
        if (process.env.BUNDLE_REPORT !== '1') continue;
        const sizes = new Map<string, number>();
        for (const [id, module] of Object.entries(chunk.modules)) {
          const key = packageOf(id);
          sizes.set(key, (sizes.get(key) ?? 0) + module.renderedLength);
        }
        const lines = [...sizes]
          .sort((left, right) => right[1] - left[1])
          .map(([key, size]) => `${(size / 1024).toFixed(1).padStart(8)} KB  ${key}`);
        this.info(`entry ${chunk.fileName}:\n${lines.join('\n')}`);
      }
    },
  };
}
