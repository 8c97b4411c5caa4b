/**
 * The app's Content Security Policy. Scripts: only the app's own and Next's inline bootstrap carrying this
 * request's nonce. Images: the app's own, data: and blob: (a remote image in a message or a previewed
 * markdown file is shown as a link, and could not load anyway). Frames: the app's own file previews, which
 * the files route serves with `Content-Security-Policy: sandbox`. Styles may be inline (React style props).
 */
export function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
