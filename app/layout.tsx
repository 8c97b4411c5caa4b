import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Fawn",
  description: "Chat with a lead agent that finds and promotes deferred MCP tools as it needs them.",
  icons: { icon: "/favicon.svg" },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // theme-init.js sets the theme class and language before the first paint, hence the warning switch.
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* A file, not inline code, so a strict script-src 'self' policy allows it; it blocks the first paint on purpose. */}
        <script src="/theme-init.js" />
      </head>
      <body>{children}</body>
    </html>
  );
}
