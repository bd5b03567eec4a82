import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Colours belong to the design system's themes: a literal in the shell would not follow the light/dark switch. */
const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(|(?:color|background|border[a-z-]*|fill|stroke|outline|box-shadow)\s*:[^;]*\b(?:white|black|red|green|blue|grey|gray|orange|yellow)\b/i;

const root = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith('themes.') ? [file] : [];
  });
}

describe('colour literals', () => {
  const files = sourceFiles(root);

  it('finds the component sources', () => {
    expect(files.some((f) => f.endsWith('Sidebar.tsx'))).toBe(true);
    expect(files.some((f) => f.endsWith('HeaderSearch.tsx'))).toBe(true);
  });

  it.each(files.map((f) => [path.relative(root, f), f]))('none in %s', (_name, file) => {
    const offending = readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => [i + 1, line] as const)
      .filter(([, line]) => COLOUR.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*'));
    expect(offending).toEqual([]);
  });
});
