// Lints pieces of code as if each stood at its file, in one ESLint process (the config and its
// plugins load once), and prints what each got as JSON. Reads `[[file, code], ...]` on stdin; with
// `--config-of <file>`, also prints the config ESLint computes for that file. Used by
// tools/boundaries.test.ts.
const { ESLint } = require('eslint');

async function main() {
  const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
  const eslint = new ESLint({ cwd: process.cwd() });
  const results = [];
  for (const [file, code] of cases) {
    const [result] = await eslint.lintText(code, { filePath: file });
    results.push({ file, errorCount: result.errorCount, messages: result.messages.map((m) => `${m.ruleId}: ${m.message}`) });
  }
  const at = process.argv.indexOf('--config-of');
  const config = at > 0 ? await eslint.calculateConfigForFile(process.argv[at + 1]) : null;
  process.stdout.write(JSON.stringify({ results, config }));
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
