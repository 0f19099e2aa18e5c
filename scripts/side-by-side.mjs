// Runs commands side by side (npm test: the fuzz gate, the two integration lanes and the end-to-end suite together, the
// type check once the second lane is done), each output line prefixed with its command's name; fails if any of them fails. A name
// written `e2e@tests` starts its command when the command named `tests` has ended, whatever its outcome. A failed
// command's failures are printed again at the end, so the tail of a long log says what failed.
import { spawn } from 'node:child_process';

const jobs = process.argv.slice(2).map((arg) => {
  const [label, ...command] = arg.split(' ');
  const [name, after] = label.split('@');
  return { name, after, command: command.join(' ') };
});
/** Each command's end, for the commands that wait for it. */
const ended = new Map(
  jobs.map((job) => {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    return [job.name, { promise, resolve }];
  }),
);

/**
 * Lines worth repeating: each failed test or file, the first part of the closing account of the failures (vitest's
 * "Failed Tests", Playwright's "1) …"), capped, and the last lines (the counts).
 */
function failures(lines) {
  const start = lines.findIndex((line) => /Failed Tests \d+|Failed Suites \d+|Unhandled Errors?|^\s+1\) /.test(line));
  const marked = lines.filter((line) => /^\s*(×|✗|✘|FAIL\b)/.test(line));
  const section = start === -1 ? [] : lines.slice(start, start + 200);
  return [...new Set([...marked.slice(0, 40), ...section, ...lines.slice(-20)])];
}

const runs = jobs.map(
  ({ name, after, command }) =>
    new Promise(async (resolve) => {
      if (after) await ended.get(after)?.promise;
      const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
      const kept = [];
      const relay = (stream, out) => {
        let rest = '';
        const write = (line) => {
          kept.push(line);
          out.write(`[${name}] ${line}\n`);
        };
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) write(line);
        });
        stream.on('end', () => rest && write(rest));
      };
      relay(child.stdout, process.stdout);
      relay(child.stderr, process.stderr);
      child.on('close', (code) => {
        ended.get(name).resolve();
        resolve({ name, code, kept });
      });
    }),
);

const results = await Promise.all(runs);
for (const { name, code, kept } of results) {
  if (code === 0) continue;
  console.log(`\n[${name}] failed; its failures again:`);
  for (const line of failures(kept)) console.log(`[${name}] ${line}`);
}
for (const { name, code } of results) console.log(`[${name}] exited with ${code}`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
