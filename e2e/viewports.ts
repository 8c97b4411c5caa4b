import type { PlaywrightTestOptions } from "@playwright/test";

/** The two screens issue 12 was judged on: a laptop window and a phone. */
export const VIEWPORTS: Array<{ name: string; use: Partial<PlaywrightTestOptions> }> = [
  { name: "desktop", use: { viewport: { width: 1400, height: 900 } } },
  { name: "phone", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];
