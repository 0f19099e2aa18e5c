// Runs commands side by side (npm test: the fuzz gate beside the other vitest projects, which wait on the network far
// more than they compute), each output line prefixed with its command's name; fails if any of them fails. A failed
// command's failures are printed again at the end, so the tail of a long log says what failed.
import { spawn } from 'node:child_process';

const jobs = process.argv.slice(2).map((arg) => {
  const [name, ...command] = arg.split(' ');
  return { name, command: command.join(' ') };
});

/** Lines worth repeating: a failed test or file, and vitest's closing "Failed Tests" section (capped). */
function failures(lines) {
  const start = lines.findIndex((line) => /Failed Tests \d+|Failed Suites \d+|Unhandled Errors?/.test(line));
  const marked = lines.filter((line) => /^\s*(×|✗|FAIL\b)/.test(line));
  const section = start === -1 ? lines.slice(-60) : lines.slice(start, start + 200);
  return [...new Set([...marked.slice(0, 40), ...section])];
}

const runs = jobs.map(
  ({ name, command }) =>
    new Promise((resolve) => {
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
      child.on('close', (code) => resolve({ name, code, kept }));
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
