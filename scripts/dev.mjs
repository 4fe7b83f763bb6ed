#!/usr/bin/env node
// `npm run dev`: the API server restarting on change and Vite's dev server with hot reload,
// side by side; Ctrl-C stops both.
import { spawn } from "node:child_process";

const children = [
  // Run from the repository root so ./data is the same folder `npm start` uses.
  spawn(process.execPath, ["--watch-path=apps/server/src", "apps/server/src/main.ts"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "--workspace", "apps/web"], { stdio: "inherit" }),
];
const stop = (code) => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
};
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
