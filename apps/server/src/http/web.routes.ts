import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";

export const WEB_DIST = resolve(import.meta.dirname, "../../../web/dist");

const missingBuild = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gatehouse</title></head>
<body style="font-family:system-ui;margin:3rem"><h1>Gatehouse</h1>
<p>The web app is not built yet. Run <code>npm run build</code> (or start with <code>npm start</code>, which builds it).</p></body></html>`;

/** The single-page app's shell: every browser route below returns it and the client router takes over. */
export function spaShell(distDir = WEB_DIST) {
  const indexFile = resolve(distDir, "index.html");
  // Read on first use, then kept: `npm start` builds before the server starts, so the file does not
  // change under a running process. Until a build exists, keep looking.
  let html: string | undefined;
  return (c: Context) => {
    if (html === undefined && existsSync(indexFile)) html = readFileSync(indexFile, "utf8");
    c.header("Cache-Control", "no-cache");
    return c.html(html ?? missingBuild);
  };
}

export function webRoutes(distDir = WEB_DIST) {
  const app = new Hono();
  const shell = spaShell(distDir);
  // Without a build there is nothing to serve but the shell's "not built yet" page.
  if (!existsSync(distDir)) {
    app.get("*", shell);
    return app;
  }
  // Built assets carry a content hash in their name, so they can be cached for good.
  app.use(
    "/assets/*",
    serveStatic({
      root: distDir,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // A missing asset is a 404, not the app shell: a browser would try to run HTML as a script.
  app.get("/assets/*", (c) => c.text("Not found", 404));
  app.use("*", serveStatic({ root: distDir, index: "__no_index__" }));
  app.get("*", shell);
  return app;
}
