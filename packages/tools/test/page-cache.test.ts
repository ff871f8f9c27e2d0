import { describe, expect, it } from "vitest";
import { type CachedPage, PAGE_CACHE_TTL_MS, PageCache } from "../src/web/page-cache.js";

const page = (finalUrl: string): CachedPage => ({
  finalUrl,
  status: 200,
  mediaType: "text/plain",
  title: "",
  content: "x",
  artifact: null,
});

describe("web_fetch page cache", () => {
  it("keeps a page for 15 minutes, then fetches it again", () => {
    let now = 0;
    const cache = new PageCache(PAGE_CACHE_TTL_MS, () => now);
    cache.set("a", page("https://a.test/"));
    now = PAGE_CACHE_TTL_MS - 1;
    expect(cache.get("a")?.finalUrl).toBe("https://a.test/");
    now = PAGE_CACHE_TTL_MS;
    expect(cache.get("a")).toBeUndefined();
  });

  it("holds at most 32 pages, dropping the oldest", () => {
    const cache = new PageCache();
    for (let i = 0; i < 33; i++) cache.set(`k${i}`, page(`https://p${i}.test/`));
    expect(cache.get("k0")).toBeUndefined();
    expect(cache.get("k1")).toBeDefined();
    expect(cache.get("k32")).toBeDefined();
  });
});
