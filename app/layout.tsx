import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Fawn",
  description: "Chat with a lead agent that finds and promotes deferred MCP tools as it needs them.",
  icons: { icon: "/favicon.svg" },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** Rendered per request: the Content Security Policy's script nonce (proxy.ts) is new on every page load. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  // The CSP has 'strict-dynamic', so even a same-origin script needs this request's nonce (set by proxy.ts).
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // theme-init.js sets the theme class and language before the first paint, hence the warning switch.
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Blocks the first paint on purpose: the remembered theme and language, before anything is drawn. */}
        <script src="/theme-init.js" nonce={nonce} />
      </head>
      <body>{children}</body>
    </html>
  );
}
