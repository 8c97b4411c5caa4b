import Markdown from "react-markdown";

/** Model output as markdown; links open in a new tab, raw HTML is not rendered (react-markdown's default). */
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
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
