/**
 * Which repository host serves an app: GitHub when GITHUB_TOKEN and GITHUB_ORG are set, else the
 * local bare repositories. One instance per app, kept in `deps.repoHost` (server/deps.ts).
 */
import path from 'node:path'
import type { AppConfig, AppDeps } from '../../deps'
import { GithubHost } from './github'
import { LocalGitHost } from './local-git'
import type { RepoHost } from './repo-host'

/** A new host for an app's configuration. */
export function createRepoHost(config: Pick<AppConfig, 'db' | 'env' | 'jwtSecret' | 'now'>): RepoHost {
  const { GITHUB_TOKEN, GITHUB_ORG } = config.env
  return GITHUB_TOKEN && GITHUB_ORG
    ? new GithubHost(config, {
        token: GITHUB_TOKEN,
        org: GITHUB_ORG,
        cacheDir: path.join(config.env.DATA_DIR, 'github-cache'),
      })
    : new LocalGitHost(config)
}

/** The local host of `deps` (git smart HTTP and archives are served only for local repositories). */
export function localGitFor(deps: Pick<AppDeps, 'repoHost'>): LocalGitHost | null {
  return deps.repoHost instanceof LocalGitHost ? deps.repoHost : null
}
