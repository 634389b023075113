import { execFileSync } from 'node:child_process';
import type { VersionInfo } from '../../tools/_kit/ports.js';
import type { AppConfig } from '../config/env.js';

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 2_000 }).trim() || null;
  } catch {
    return null;
  }
}

/** Deploy metadata from the environment, falling back to git when run from a checkout. Read once at start. */
export function readVersionInfo(config: AppConfig, startedAt: Date): VersionInfo {
  const base = { builtAt: config.DEPLOY_TIME ?? null, startedAt: startedAt.toISOString() };
  if (config.DEPLOY_SHA) {
    return { ...base, sha: config.DEPLOY_SHA, branch: config.DEPLOY_BRANCH ?? null, committedAt: null, source: 'env' };
  }
  const sha = git(['rev-parse', 'HEAD']);
  if (!sha) return { ...base, sha: null, branch: config.DEPLOY_BRANCH ?? null, committedAt: null, source: 'unknown' };
  return {
    ...base,
    sha,
    branch: config.DEPLOY_BRANCH ?? git(['rev-parse', '--abbrev-ref', 'HEAD']),
    committedAt: git(['log', '-1', '--format=%cI']),
    source: 'git',
  };
}
