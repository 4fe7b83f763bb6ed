import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// In development the API server runs separately on :3000; proxying keeps the
// browser on one origin so better-auth's cookies and CORS rules stay the same
// as in production, where the server serves this app itself.
const apiServer = "http://localhost:3000";
const proxiedPrefixes = ["/api", "/v1", "/health", "/ready"];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code; separate chunks keep
        // them cached across deploys. Mantine alone is most of the weight.
        codeSplitting: {
          groups: [
            { name: "mantine", test: /node_modules[\\/]@mantine/ },
            { name: "vendor", test: /node_modules/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiServer, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
  },
});
