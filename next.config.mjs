// Next.js sends anonymous usage data to its makers from `next build` and `next dev` unless this variable is set.
// Fawn builds and runs offline and is deployed by teams who never agreed to that: every build and dev server that
// reads this file sends nothing. Set here, not in the npm scripts, so `npx next build` is covered too.
process.env.NEXT_TELEMETRY_DISABLED = "1";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // `npm test` typechecks the whole project with tsc first; doing it again inside every build costs ~40 s.
  typescript: { ignoreBuildErrors: true },
  // Loaded at run time from node_modules: faster builds, one shared instance of each package.
  serverExternalPackages: [
    "@langchain/core",
    "@langchain/langgraph",
    "@langchain/langgraph-checkpoint",
    "@langchain/langgraph-checkpoint-sqlite",
    "@langchain/langgraph-checkpoint-postgres",
    "@langchain/mcp-adapters",
    "@langchain/openai",
    "@modelcontextprotocol/sdk",
    "langchain",
    "better-sqlite3",
    "pg",
    "js-tiktoken",
  ],
};
export default nextConfig;
