import { type DiscoverResourcesOptions, discoverResources, type Resources } from "@gong/settings";

/**
 * The session's context files, skills folders and hook modules as the disk says now.
 * They are discovered again before turns (an edited AGENTS.md applies at the next one);
 * a file skipped or cut is said once per session, not at every turn.
 */
export class SessionResources {
  private readonly reported = new Set<string>();

  constructor(
    private readonly where: DiscoverResourcesOptions,
    private readonly warn: (message: string) => void,
  ) {}

  discover(): Resources {
    const resources = discoverResources(this.where);
    for (const warning of resources.warnings) {
      if (!this.reported.has(warning)) this.warn(warning);
      this.reported.add(warning);
    }
    return resources;
  }
}
