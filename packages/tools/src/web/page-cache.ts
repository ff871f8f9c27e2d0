/**
 * web_fetch's 15-minute cache: a page fetched again in the same session (another
 * prompt about it, a retry) is not downloaded again. In memory only; bounded so a
 * long session cannot pile up pages.
 */

export interface CachedPage {
  finalUrl: string;
  status: number;
  mediaType: string;
  title: string;
  content: string;
  /** Absolute path of the saved page. */
  artifact: string | null;
}

export const PAGE_CACHE_TTL_MS = 15 * 60 * 1000;
const MAX_PAGES = 32;

export class PageCache {
  private readonly pages = new Map<string, { page: CachedPage; expires: number }>();

  constructor(
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): CachedPage | undefined {
    const hit = this.pages.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return hit.page;
  }

  set(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.pages.set(key, { page, expires: this.now() + this.ttlMs });
    // Map order is insertion order: the first key is the oldest page.
    if (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
  }
}
