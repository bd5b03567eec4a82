import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Colours belong to the design system's themes: a literal in a component would not follow the
 * light/dark switch. Checks every front-end source: the design system (but its themes), the apps
 * and the feature libs.
 */
const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(|(?:color|background|border[a-z-]*|fill|stroke|outline|box-shadow)\s*:[^;$]*\b(?:white|black|red|green|blue|grey|gray|orange|yellow)\b/i;

const root = path.resolve(__dirname, '..');
const ROOTS = ['libs/shared/ui/src', 'libs/shared/portal-runtime/src', 'libs/features', 'libs/composite', ...readdirSync(path.join(root, 'apps')).map((app) => `apps/${app}/src`)];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith('themes.') ? [file] : [];
  });
}

describe('colour literals', () => {
  const files = ROOTS.flatMap((dir) => sourceFiles(path.join(root, dir)));

  it('finds the sources of the design system, the shell and a feature', () => {
    for (const name of ['Button.tsx', 'Sidebar.tsx', 'PropertiesScreen.tsx']) expect(files.some((f) => f.endsWith(name))).toBe(true);
  });

  it.each(files.map((f) => [path.relative(root, f), f]))('none in %s', (_name, file) => {
    const offending = readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => [i + 1, line] as const)
      .filter(([, line]) => COLOUR.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*'));
    expect(offending).toEqual([]);
  });
});
