/**
 * Which repository host serves an app: GitHub when GITHUB_TOKEN and GITHUB_ORG are set, else the
 * local bare repositories. One instance per `deps` (routes of one app share it).
 */
import type { AppDeps } from '../../deps'
import { GithubHost } from './github'
import { LocalGitHost } from './local-git'
import type { RepoHost } from './repo-host'

const hosts = new WeakMap<AppDeps, RepoHost>()

/** The host for `deps` (created on first use). */
export function repoHostFor(deps: AppDeps): RepoHost {
  let host = hosts.get(deps)
  if (!host) {
    const { GITHUB_TOKEN, GITHUB_ORG } = deps.env
    host = GITHUB_TOKEN && GITHUB_ORG ? new GithubHost(deps, { token: GITHUB_TOKEN, org: GITHUB_ORG }) : new LocalGitHost(deps)
    hosts.set(deps, host)
  }
  return host
}

/** Use `host` for `deps` (tests: a GitHub host replaying recorded responses). */
export function setRepoHost(deps: AppDeps, host: RepoHost): void {
  hosts.set(deps, host)
}

/** The local host of `deps` (git smart HTTP and archives are served only for local repositories). */
export function localGitFor(deps: AppDeps): LocalGitHost | null {
  const host = repoHostFor(deps)
  return host instanceof LocalGitHost ? host : null
}
