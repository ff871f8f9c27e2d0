import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";

export const ARTICLE_HTML = `<!doctype html><html><head><title>Gong docs</title>
<style>body { color: red }</style><script>window.secret = "tracking-code";</script></head>
<body><header>Site header menu</header><nav><a href="/">Home</a> | <a href="/x">Other nav</a></nav>
<main><h1>Install Gong</h1><p>Run <code>pnpm add gong</code> and read <a href="https://example.com/more">more</a>.</p>
<ul><li>fast</li><li>small</li></ul></main><footer>Copyright footer</footer></body></html>`;

export interface WebServer {
  url: string;
  /** Requests per path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

type Route = (req: http.IncomingMessage, res: http.ServerResponse, base: string) => void;

/** A local site with one route per behaviour web_fetch has to handle. */
export async function startWebServer(extra: Record<string, Route> = {}): Promise<WebServer> {
  const hits = new Map<string, number>();
  let base = "";
  const routes: Record<string, Route> = {
    "/page": (_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(ARTICLE_HTML);
    },
    "/plain": (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("just text\nline two\n");
    },
    "/r1": (_req, res) => {
      res.writeHead(302, { location: "/r2" });
      res.end();
    },
    "/r2": (_req, res) => {
      res.writeHead(301, { location: `${base}/page` });
      res.end();
    },
    "/loop": (_req, res) => {
      res.writeHead(302, { location: "/loop" });
      res.end();
    },
    "/missing": (_req, res) => {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<h1>Not here</h1>");
    },
    "/slow": () => {
      // Never answers: the client's timeout has to end the call.
    },
    "/big": (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      const push = () => {
        while (sent < 40) {
          sent++;
          if (!res.write(chunk)) return res.once("drain", push);
        }
        res.end();
      };
      push();
    },
    "/image.png": (_req, res) => {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    },
    "/to-localhost": (_req, res) => {
      res.writeHead(302, { location: `${base.replace("127.0.0.1", "localhost")}/page` });
      res.end();
    },
    "/to-file": (_req, res) => {
      res.writeHead(302, { location: "file:///etc/passwd" });
      res.end();
    },
    "/nested": (req, res) => {
      // `?depth=N` nested <div>s: domino and turndown take O(N²) time and recurse per level.
      const depth = Number(new URL(req.url ?? "", "http://x").searchParams.get("depth"));
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<html><body>${"<div>".repeat(depth)}deep${"</div>".repeat(depth)}</body></html>`);
    },
    ...extra,
  };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) return route(req, res, base);
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ProxyServer {
  url: string;
  /** `host:port` of every tunnel or request that went through the proxy. */
  targets: string[];
  close(): Promise<void>;
}

/** A minimal forward proxy: CONNECT tunnels and absolute-URI requests. */
export async function startProxy(): Promise<ProxyServer> {
  const targets: string[] = [];
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? "");
    targets.push(target.host);
    const upstream = http.request(
      target,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  const tunnels = new Set<net.Socket>();
  server.on("connect", (req, socket: net.Socket) => {
    targets.push(req.url ?? "");
    tunnels.add(socket);
    const [host, port] = (req.url ?? "").split(":");
    const upstream = net.connect(Number(port), host, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    tunnels.add(upstream);
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    targets,
    close: () =>
      new Promise((resolve) => {
        for (const socket of tunnels) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
