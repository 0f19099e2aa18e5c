// Runs commands side by side (npm test: the fuzz gate beside the other vitest projects, which wait on the network far
// more than they compute), each output line prefixed with its command's name; fails if any of them fails.
import { spawn } from 'node:child_process';

const jobs = process.argv.slice(2).map((arg) => {
  const [name, ...command] = arg.split(' ');
  return { name, command: command.join(' ') };
});

const runs = jobs.map(
  ({ name, command }) =>
    new Promise((resolve) => {
      const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
      const relay = (stream, out) => {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) out.write(`[${name}] ${line}\n`);
        });
        stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
      };
      relay(child.stdout, process.stdout);
      relay(child.stderr, process.stderr);
      child.on('close', (code) => resolve({ name, code }));
    }),
);

const results = await Promise.all(runs);
for (const { name, code } of results) console.log(`[${name}] exited with ${code}`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
