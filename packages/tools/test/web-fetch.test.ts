import { existsSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CodingToolsOptions } from "../src/coding-tools.js";
import type { WebSummaryRequest } from "../src/tools/web-fetch.js";
import { makeProject } from "./helpers.js";
import { htmlWorkerForTests } from "./html-worker.js";
import { startProxy, startWebServer, type WebServer } from "./web-server.js";

let site: WebServer;
let htmlWorker: URL;
beforeAll(async () => {
  site = await startWebServer();
  htmlWorker = await htmlWorkerForTests();
});
afterAll(() => site.close());

function project(webFetch: CodingToolsOptions["webFetch"] = {}) {
  // An empty proxy environment: the machine's own HTTP_PROXY must not reroute the test.
  return makeProject({ tools: ["web_fetch"], webFetch: { env: {}, htmlWorker, ...webFetch } });
}

describe("web_fetch — seed 001 WebFetch", () => {
  it("converts HTML to Markdown without scripts, styles, nav, header, footer; saves the page", async () => {
    const p = project();
    try {
      const result = await p.call("web_fetch", { url: `${site.url}/page` });
      expect(result.status).toBe("success");
      const content = result.data.content as string;
      expect(content).toContain("# Install Gong");
      expect(content).toContain("Run `pnpm add gong` and read [more](https://example.com/more).");
      expect(content).toMatch(/-\s+fast/);
      for (const hidden of ["tracking-code", "color: red", "Site header", "Other nav", "footer"])
        expect(content).not.toContain(hidden);
      expect(result.data).toMatchObject({
        final_url: `${site.url}/page`,
        status: 200,
        cached: false,
        content_type: "text/html",
        title: "Gong docs",
      });
      const artifact = (result.data.artifact as { relpath: string }).relpath;
      expect(artifact).toMatch(/^\.tool-output\/web_fetch_\d{8}_\d{6}_127\.0\.0\.1\.md$/);
      expect(readFileSync(p.file(artifact), "utf8")).toBe(content);
      expect(readFileSync(p.file(".tool-output/.gitignore"), "utf8")).toBe("*\n");
      expect(result.text).toContain(`# WebFetch: ${site.url}/page`);
      expect(result.text).toContain("Status: 200");
      expect(result.text).toContain("Cached: False");
      expect(result.text).toContain(`Saved to: ${artifact}`);
      expect(result.text).toContain(`* read(path="${artifact}", offset=1, limit=500)`);
      // Hints first, page after: a head-truncated page keeps them.
      expect(result.text.indexOf("Recommended next step")).toBeLessThan(
        result.text.indexOf("# Install Gong"),
      );
      // No truncation_skip: a long page goes through the standard truncation.
      expect(result.context.truncation_skip).toBeUndefined();
    } finally {
      p.cleanup();
    }
  });

  it("format=text gives plain text, format=html the page as served", async () => {
    const p = project();
    try {
      const text = await p.call("web_fetch", { url: `${site.url}/page`, format: "text" });
      expect(text.data.content).toContain("Install Gong");
      expect(text.data.content).not.toContain("#");
      expect(text.data.content).not.toContain("tracking-code");
      const html = await p.call("web_fetch", { url: `${site.url}/page`, format: "html" });
      expect(html.data.content).toContain("<script>");
      expect((html.data.artifact as { relpath: string }).relpath).toMatch(/\.html$/);
    } finally {
      p.cleanup();
    }
  });

  it("follows a redirect chain and reports the final URL", async () => {
    const p = project();
    try {
      const result = await p.call("web_fetch", { url: `${site.url}/r1` });
      expect(result.status).toBe("success");
      expect(result.data.url).toBe(`${site.url}/r1`);
      expect(result.data.final_url).toBe(`${site.url}/page`);
      expect(result.text).toContain(`# WebFetch: ${site.url}/page`);
    } finally {
      p.cleanup();
    }
  });

  it("stops after the redirect limit", async () => {
    const p = project({ maxRedirects: 3 });
    try {
      const result = await p.call("web_fetch", { url: `${site.url}/loop` });
      expect(result.error?.code).toBe("EXECUTION_ERROR");
      expect(result.text).toContain("More than 3 redirects");
      expect(site.hits.get("/loop")).toBeGreaterThanOrEqual(4);
    } finally {
      p.cleanup();
    }
  });

  it("an HTTP error is EXECUTION_ERROR with the status", async () => {
    const p = project();
    try {
      const result = await p.call("web_fetch", { url: `${site.url}/missing` });
      expect(result.status).toBe("error");
      expect(result.error?.code).toBe("EXECUTION_ERROR");
      expect(result.error?.message).toContain("HTTP 404");
      expect(result.data.status).toBe(404);
      expect(result.text).toContain("Recommended next step");
    } finally {
      p.cleanup();
    }
  });

  it("a server that does not answer in time is TIMEOUT", async () => {
    const p = project({ timeoutMs: 300 });
    try {
      const started = Date.now();
      const result = await p.call("web_fetch", { url: `${site.url}/slow` });
      expect(result.error?.code).toBe("TIMEOUT");
      expect(result.text).toContain("No complete response within 0.3 seconds");
      expect(Date.now() - started).toBeLessThan(60_000); // the server never answers
    } finally {
      p.cleanup();
    }
  });

  it("a body over the size cap is refused while it streams", async () => {
    const p = project({ maxBytes: 1024 * 1024 });
    try {
      const result = await p.call("web_fetch", { url: `${site.url}/big` });
      expect(result.error?.code).toBe("EXECUTION_ERROR");
      expect(result.text).toContain("larger than 1048576 bytes");
    } finally {
      p.cleanup();
    }
  });

  it("a binary content type is BINARY_FILE", async () => {
    const p = project();
    try {
      const result = await p.call("web_fetch", { url: `${site.url}/image.png` });
      expect(result.error?.code).toBe("BINARY_FILE");
      expect(result.data.content_type).toBe("image/png");
      expect(result.text).toContain("curl");
    } finally {
      p.cleanup();
    }
  });

  it("only http and https: file:, ftp: and a redirect to file: are refused", async () => {
    const p = project();
    try {
      for (const url of ["file:///etc/passwd", "ftp://example.com/x", "not a url"]) {
        const result = await p.call("web_fetch", { url });
        expect(result.error?.code).toBe("INVALID_PARAM");
      }
      const redirected = await p.call("web_fetch", { url: `${site.url}/to-file` });
      expect(redirected.error?.code).toBe("EXECUTION_ERROR");
      expect(redirected.text).toContain("only http and https are followed");
    } finally {
      p.cleanup();
    }
  });

  it("a second fetch within 15 minutes comes from the cache", async () => {
    const p = project();
    try {
      const before = site.hits.get("/plain") ?? 0;
      const first = await p.call("web_fetch", { url: `${site.url}/plain` });
      const second = await p.call("web_fetch", { url: `${site.url}/plain` });
      expect(first.data.cached).toBe(false);
      expect(second.data.cached).toBe(true);
      expect(second.text).toContain("Cached: True");
      expect(second.data.content).toBe("just text\nline two\n");
      expect(site.hits.get("/plain")).toBe(before + 1);
    } finally {
      p.cleanup();
    }
  });

  it("allowedDomains: other hosts, also behind a redirect, are ACCESS_DENIED", async () => {
    const p = project({ allowedDomains: ["127.0.0.1"] });
    try {
      expect((await p.call("web_fetch", { url: `${site.url}/plain` })).status).toBe("success");
      const denied = await p.call("web_fetch", {
        url: site.url.replace("127.0.0.1", "localhost"),
      });
      expect(denied.error?.code).toBe("ACCESS_DENIED");
      expect(denied.text).toContain("webFetch.allowedDomains");
      const before = site.hits.get("/page") ?? 0;
      const redirected = await p.call("web_fetch", { url: `${site.url}/to-localhost` });
      expect(redirected.error?.code).toBe("ACCESS_DENIED");
      expect(site.hits.get("/page") ?? 0).toBe(before);
    } finally {
      p.cleanup();
    }
  });

  it("prompt + a host summariser: the answer, the model and the saved page", async () => {
    const requests: WebSummaryRequest[] = [];
    const p = project({
      summarize: async (request) => {
        requests.push(request);
        return { ok: true, text: "Install it with pnpm add gong.", model: "mini-1" };
      },
    });
    try {
      const result = await p.call("web_fetch", {
        url: `${site.url}/page`,
        prompt: "How to install?",
      });
      expect(result.status).toBe("success");
      expect(requests[0]).toMatchObject({ prompt: "How to install?", url: `${site.url}/page` });
      expect(requests[0]?.content).toContain("# Install Gong");
      expect(result.data).toMatchObject({
        summary_text: "Install it with pnpm add gong.",
        model_used: "mini-1",
        truncated_for_llm: false,
      });
      expect(result.data.content).toBeUndefined();
      expect(result.text).toContain("Model: mini-1");
      expect(result.text).toContain("Summary:\nInstall it with pnpm add gong.");
      expect(result.text).toMatch(
        /Recommended next step:\n\* read\(path="\.tool-output\/web_fetch_/,
      );
    } finally {
      p.cleanup();
    }
  });

  it("prompt without a summariser (or a failed one) returns the page as partial", async () => {
    const bare = project();
    const failing = project({ summarize: async () => ({ ok: false, error: "model offline." }) });
    try {
      const result = await bare.call("web_fetch", { url: `${site.url}/page`, prompt: "x?" });
      expect(result.status).toBe("partial");
      expect(result.text).toContain("No summarising model is available here");
      expect(result.data.content).toContain("# Install Gong");
      const failed = await failing.call("web_fetch", { url: `${site.url}/page`, prompt: "x?" });
      expect(failed.status).toBe("partial");
      expect(failed.text).toContain("Summary failed: model offline.");
    } finally {
      bare.cleanup();
      failing.cleanup();
    }
  });

  it("a symlinked tool-output folder costs the artifact, not the page", async () => {
    const p = project();
    try {
      symlinkSync(path.dirname(p.dir), p.file(".tool-output"));
      const result = await p.call("web_fetch", { url: `${site.url}/plain` });
      expect(result.status).toBe("success");
      expect(result.data.artifact).toBeNull();
      expect(result.text).toContain("The page could not be saved");
      expect(result.text).toContain("is a symbolic link");
    } finally {
      p.cleanup();
    }
  });

  it("HTTP_PROXY routes through the proxy; NO_PROXY bypasses it", async () => {
    const proxy = await startProxy();
    const proxied = project({ env: { HTTP_PROXY: proxy.url } });
    const bypassed = project({ env: { HTTP_PROXY: proxy.url, NO_PROXY: "127.0.0.1" } });
    try {
      const host = new URL(site.url).host;
      const result = await proxied.call("web_fetch", { url: `${site.url}/plain` });
      expect(result.status).toBe("success");
      expect(proxy.targets).toContain(host);
      const count = proxy.targets.length;
      expect((await bypassed.call("web_fetch", { url: `${site.url}/page` })).status).toBe(
        "success",
      );
      expect(proxy.targets).toHaveLength(count);
    } finally {
      proxied.cleanup();
      bypassed.cleanup();
      await proxy.close();
    }
  });

  it("an abort ends the fetch with ABORTED", async () => {
    const p = project();
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const result = await p.call(
        "web_fetch",
        { url: `${site.url}/slow` },
        { signal: controller.signal },
      );
      expect(result.error?.code).toBe("ABORTED");
      expect(existsSync(p.file(".tool-output"))).toBe(false);
    } finally {
      p.cleanup();
    }
  });
});

describe("web_fetch — a hostile page never blocks the event loop (issue 21.9)", () => {
  /** The longest the event loop went without running a 20 ms timer while `work` ran. */
  async function longestStall<T>(work: Promise<T>): Promise<{ result: T; stallMs: number }> {
    let last = performance.now();
    let stallMs = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      stallMs = Math.max(stallMs, now - last);
      last = now;
    }, 20);
    try {
      return { result: await work, stallMs };
    } finally {
      clearInterval(tick);
    }
  }

  it("40 000 nested divs end at the call's time limit (TIMEOUT), the event loop stays free", async () => {
    const p = project({ timeoutMs: 1500 });
    try {
      const started = Date.now();
      const { result, stallMs } = await longestStall(
        p.call("web_fetch", { url: `${site.url}/nested?depth=40000` }),
      );
      expect(result.status).toBe("error");
      expect(result.error?.code).toBe("TIMEOUT");
      expect(result.text).toContain('format="html"');
      // Bounds for a loaded 2-core machine; converting in one go blocked for far longer.
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(stallMs).toBeLessThan(3000);
    } finally {
      p.cleanup();
    }
  });

  it("an abort ends the conversion at once", async () => {
    const p = project();
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 700);
      const started = Date.now();
      const { result, stallMs } = await longestStall(
        p.call(
          "web_fetch",
          { url: `${site.url}/nested?depth=40000` },
          { signal: controller.signal },
        ),
      );
      expect(result.error?.code).toBe("ABORTED");
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(stallMs).toBeLessThan(3000);
    } finally {
      p.cleanup();
    }
  });

  it("deep nesting says the page is nested too deeply, not 'Maximum call stack size exceeded'", async () => {
    const p = project();
    try {
      const result = await p.call("web_fetch", { url: `${site.url}/nested?depth=3000` });
      expect(result.status).toBe("error");
      expect(result.error?.code).toBe("EXECUTION_ERROR");
      expect(result.error?.message).toContain(
        "nested too deeply to convert to markdown (3001 levels",
      );
      expect(result.text).not.toContain("call stack");
      expect(result.text).toContain('format="html"');
    } finally {
      p.cleanup();
    }
  });
});
