import { expect, type Page } from "@playwright/test";

/** Type a message and send it; waits until the human message is on screen. */
export async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId("composer-input").fill(text);
  await page.getByTestId("send-button").click();
  await expect(
    page
      .getByTestId("message")
      .filter({ hasText: text.slice(0, 40) })
      .first(),
  ).toBeVisible();
}

/** Wait until the run is over (the stop button is gone and an answer from the agent is shown). */
export async function waitForAnswer(page: Page, contains: string | RegExp): Promise<void> {
  await expect(
    page.locator('[data-testid="message"][data-role="ai"]').filter({ hasText: contains }).last(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("stop-button")).toHaveCount(0, { timeout: 30_000 });
}

/** Open the collapsed "N steps" line of the last turn, so its tool cards are on screen. */
export async function showSteps(page: Page): Promise<void> {
  const steps = page.getByTestId("tool-steps").last();
  if ((await steps.getAttribute("aria-expanded")) !== "true") await steps.click();
}

/**
 * On a phone the thread list is a drawer: open it when it is not on screen (it may be open already). Waits until
 * the page shows one or the other first: read before the list rendered, a desktop page looked like a closed
 * drawer, and the click then waited for a toggle desktops never show (CI saw it once, under load).
 */
export async function openThreads(page: Page): Promise<void> {
  const search = page.getByTestId("thread-search");
  const toggle = page.getByTestId("threads-toggle");
  await expect
    .poll(async () => (await search.isVisible()) || (await toggle.isVisible()), { timeout: 30_000 })
    .toBe(true);
  if (!(await search.isVisible())) await toggle.click();
  await expect(search).toBeVisible();
}

/** Start a new thread the way a person would on this screen (through the drawer on a phone). */
export async function newThread(page: Page): Promise<void> {
  await openThreads(page);
  await page.getByTestId("new-thread").click();
}

/**
 * Slow machines: the first API call builds the agent and starts the MCP servers, which can take many
 * seconds under load. Specs that count on quick answers call this once before their tests.
 */
export function warmUpApi(t: typeof import("@playwright/test").test): void {
  t.describe.configure({ timeout: 180_000 });
  t.beforeAll(async ({ request }) => {
    // One whole run through the API: the agent, the MCP servers and the model path are all warm after it.
    const thread = await (await request.post("/api/langgraph/threads", { data: {}, timeout: 120_000 })).json();
    await request.post(`/api/langgraph/threads/${thread.thread_id}/runs/stream`, {
      data: { assistant_id: "lead_agent", input: { messages: [{ type: "human", content: "hello" }] } },
      timeout: 120_000,
    });
    await request.delete(`/api/langgraph/threads/${thread.thread_id}`);
  });
}

/** A server's card in the Servers panel. */
export function serverCard(page: Page, name: string) {
  return page.locator(`[data-testid="server-card"][data-server-name="${name}"]`);
}

/** The OAuth fixture's authorization server URL, which it prints on stderr when it starts. */
export function oauthIssuer(stderr: string): string {
  return /authorization server (http:\/\/\S+?)\)/.exec(stderr)?.[1] ?? "";
}

/** The OAuth fixture's counters (registrations, code exchanges, refreshes…). */
export async function oauthStats(issuer: string): Promise<Record<string, number>> {
  return (await (await fetch(new URL("/stats", issuer))).json()) as Record<string, number>;
}
