import { expect, test } from "@playwright/test";

test("a method the LangGraph API does not take is a 405 that names the methods it does", async ({ request }) => {
  const res = await request.put("/api/langgraph/threads", { data: {} });
  expect(res.status()).toBe(405);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("method_not_allowed");
  expect(body.error.message).toMatch(/^PUT is not supported on \/threads \(allowed: .*POST/);
});
