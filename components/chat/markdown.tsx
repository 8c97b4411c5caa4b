import Markdown from "react-markdown";

/**
 * Model output and previewed markdown files: links open in a new tab, raw HTML is not rendered (react-markdown's
 * default), and an image is shown as a link to it, never fetched: its URL could carry data out of the page.
 */
export function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noreferrer noopener">
              {children}
            </a>
          ),
          img: ({ src, alt }) => (
            <a
              href={typeof src === "string" ? src : undefined}
              target="_blank"
              rel="noreferrer noopener"
              data-testid="markdown-image-link"
            >
              {`[image${alt ? `: ${alt}` : ""}]`}
            </a>
          ),
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
