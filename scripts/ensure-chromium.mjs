// npm test and npm run bench need Debian's Chromium: its headless shell for Playwright (the same Blink without the
// browser's own interface, about a third less CPU per test: docs/decisions/0043-headless-shell.md) and the full browser
// for Lighthouse. Either one missing is installed with apt; without the shell, Playwright uses the full browser.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const PACKAGES = { chromium: '/usr/bin/chromium', 'chromium-headless-shell': '/usr/bin/chromium-headless-shell' };
const missing = Object.entries(PACKAGES).filter(([, path]) => !existsSync(path)).map(([name]) => name);
if (missing.length) {
  console.log(`Installing Debian's ${missing.join(' and ')} with apt…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  const install = (names) => execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names.join(' ')}`, { stdio: 'inherit' });
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  try {
    install(missing);
  } catch {
    // A Debian without the headless shell package still runs the suite, on the full browser.
    if (!existsSync(PACKAGES.chromium)) install(['chromium']);
    console.log('The headless shell could not be installed: Playwright uses the full Chromium.');
  }
}
