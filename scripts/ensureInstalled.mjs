// Installs the locked dependencies when they are missing or differ from the lock file, so that
// `npm start`, `npm test` and `npm run bench` each work as the one command on a fresh clone.
//
// "Differ" compares versions, not file times: npm ci writes node_modules/.package-lock.json with
// the packages it installed, and a package the lock file names (platform-specific optional ones
// aside) that is missing there or has another version means the install is stale. A checkout whose
// lock file is merely newer on disk (a fresh worktree sharing node_modules) is not reinstalled.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function isStale() {
  if (!existsSync(marker)) return true;
  const locked = readJson('package-lock.json')?.packages;
  const installed = readJson(marker)?.packages;
  if (!locked || !installed) return true;
  return Object.entries(locked).some(([where, entry]) => where !== '' && !entry.optional && installed[where]?.version !== entry.version);
}

if (isStale()) {
  console.log('Installing the locked dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}
