import { describe, expect, it } from "vitest";
import { traditionalForms } from "./japanese-forms";

describe("Japanese text in traditional character forms", () => {
  it("converts Japanese forms, characters and phrases, keeping kana", () => {
    expect(traditionalForms("検索して")).toBe("檢索して");
    expect(traditionalForms("一覧を見る")).toBe("一覽を見る");
    expect(traditionalForms("関数を選択")).toBe("函數を選擇");
  });

  it("leaves text without kana alone (Chinese is not Japanese), and says so when nothing changes", () => {
    expect(traditionalForms("検索")).toBeUndefined();
    expect(traditionalForms("删除文件")).toBeUndefined();
    expect(traditionalForms("削除して")).toBeUndefined();
  });
});
