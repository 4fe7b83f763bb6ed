import { type ServerType, serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import type { Deps } from "./deps.ts";

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting connections and waits for in-flight requests to finish. */
  close(): Promise<void>;
}

export function listen(deps: Deps, options: { port?: number; host?: string; webDist?: string } = {}): Promise<RunningServer> {
  const app = createApp(deps, { webDist: options.webDist });
  return new Promise((resolve) => {
    const server: ServerType = serve(
      { fetch: app.fetch, port: options.port ?? deps.config.port, hostname: options.host ?? deps.config.host },
      (info) => {
        const host = info.address === "0.0.0.0" || info.address === "::" ? "localhost" : info.address;
        resolve({
          url: `http://${host}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              // Idle keep-alive sockets would otherwise hold close() open until they time out.
              if ("closeIdleConnections" in server) server.closeIdleConnections();
            }),
        });
      },
    );
  });
}
