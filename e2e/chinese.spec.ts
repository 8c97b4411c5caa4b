import { expect, test } from "@playwright/test";
import { openThreads, send, waitForAnswer, warmUpApi } from "./helpers";
import { VIEWPORTS } from "./viewports";

warmUpApi(test);

for (const vp of VIEWPORTS) {
  test.describe(`Chinese (${vp.name})`, () => {
    test.use(vp.use);

    test("with 简体中文 selected, the Tools panel, the Files panel and an approval card speak Chinese", async ({
      page,
    }) => {
      const phone = vp.name === "phone";
      await page.goto("/");
      // On a phone the settings sit at the foot of the threads drawer, and the side panel is a drawer too.
      await openThreads(page);
      await page.getByTestId("language-select").selectOption("zh-CN");
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
      if (phone) {
        await page.keyboard.press("Escape");
        await page.getByTestId("tools-toggle").click();
      }

      const tools = page.getByTestId("tools-panel");
      await expect(tools.getByRole("heading", { level: 2 })).toHaveText("工具");
      await expect(tools.getByTestId("tool-counts")).toContainText("个已提升");
      await expect(tools.getByTestId("token-meter")).toContainText("下次调用的工具 schema 令牌");
      await expect(tools.getByTestId("promoted-section")).toContainText("本会话已提升（0）");
      await expect(tools.getByTestId("promoted-section")).toContainText("尚未提升任何工具");
      await expect(tools.getByTestId("bound-section")).toContainText("始终绑定");
      await expect(tools.getByTestId("servers-section")).toContainText("MCP 服务器");
      await expect(tools.getByTestId("mcp-server-status").first()).toContainText(/运行中|休眠中/);
      await expect(tools.getByTestId("mcp-server-status").first()).not.toContainText(/running|sleeping/);
      await expect(tools.getByTestId("mcp-server-lifecycle").first()).toContainText("按需启动");
      await expect(tools.getByTestId("tools-filter")).toHaveAttribute("placeholder", "筛选工具和服务器");
      await expect(tools.getByRole("button", { name: "重新加载工具清单" })).toBeVisible();
      for (const english of ["Promoted in this thread", "Always bound", "Schema tokens", "MCP servers"]) {
        await expect(tools).not.toContainText(english);
      }
      if (phone) await page.keyboard.press("Escape");

      await send(page, 'write a note to zh.md saying "你好"');
      const card = page.getByTestId("approval-card");
      await expect(card).toBeVisible({ timeout: 60_000 });
      await expect(card).toContainText("批准这次工具调用吗？");
      await expect(card.getByTestId("approval-approve")).toHaveText("批准");
      await expect(card.getByTestId("approval-edit")).toHaveText("编辑");
      await expect(card.getByTestId("approval-reject")).toHaveText("拒绝");
      await card.getByTestId("approval-edit").click();
      await expect(card.getByTestId("approval-edit-submit")).toHaveText("用这些参数运行");
      await card.getByTestId("approval-editor").fill("[1]");
      await expect(card.getByTestId("approval-editor-error")).toHaveText(
        '参数必须是一个 JSON 对象，例如 {"path": "…"}。',
      );
      await card.getByRole("button", { name: "取消" }).click();
      for (const english of ["Approve this tool call", "Approve", "Edit", "Reject", "Run with these arguments"]) {
        await expect(card).not.toContainText(english);
      }
      await card.getByTestId("approval-approve").click();
      await waitForAnswer(page, "write_file");

      await page.getByTestId(phone ? "files-toggle" : "side-tab-files").click();
      const files = page.getByTestId("artifacts-panel");
      await expect(files.getByRole("heading", { level: 2 })).toHaveText("文件");
      await expect(files).toContainText("代理展示的文件（");
      await expect(files).toContainText("其他输出（1）");
      await expect(files.getByTestId("output-file")).toContainText("zh.md");
      for (const english of ["Presented by the agent", "Other outputs", "presented", "uploaded"]) {
        await expect(files).not.toContainText(english);
      }
      await expect(page.getByTestId("side-tab-tools")).toHaveText("工具");

      await page.getByTestId("side-tab-servers").click();
      const servers = page.getByTestId("servers-panel");
      await expect(servers.getByRole("heading", { level: 2 })).toHaveText("MCP 服务器");
      await expect(servers.getByTestId("servers-totals")).toContainText("每次调用绑定");
      await expect(servers.getByTestId("server-state").first()).toHaveText(/已连接|休眠中/);
      await servers.getByTestId("servers-add").click();
      await expect(servers.getByTestId("server-form")).toContainText("添加 MCP 服务器");
      await servers.getByTestId("server-form-save").click();
      await expect(servers.getByTestId("server-form-problem").first()).toHaveText(
        "请使用 1 到 32 个字母、数字、_ 或 -。",
      );
      for (const english of ["Add server", "Test connection", "Remove", "connected", "tokens bound", "Save"]) {
        await expect(servers).not.toContainText(english);
      }
    });
  });
}
