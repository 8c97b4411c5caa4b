/**
 * A streaming multipart/form-data reader (RFC 7578): parts come one at a time and a part's body comes chunk by
 * chunk as the caller pulls it, so an upload is never held in memory whole and a caller that stops pulling stops
 * the reading. Request.formData() would buffer the whole body first.
 */

export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MultipartError";
  }
}

export interface MultipartLimits {
  /** Largest header block of one part. */
  maxHeaderBytes: number;
  /** Most parts in one body. */
  maxParts: number;
}

export const DEFAULT_MULTIPART_LIMITS: MultipartLimits = { maxHeaderBytes: 16 * 1024, maxParts: 100 };

export interface MultipartPart {
  /** The form field's name. */
  name: string;
  /** The file name the client gave; undefined for a text field. */
  filename?: string;
  contentType?: string;
  /** The part's bytes. Reading the next part first skips whatever of this one was not read. */
  body: AsyncIterable<Uint8Array>;
}

/** The boundary of a `multipart/form-data; boundary=…` content type, or null when there is none. */
export function boundaryOf(contentType: string): string | null {
  if (/^\s*multipart\/form-data\s*(;|$)/i.exec(contentType) === null) return null;
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}

/** `key=value` and `key="quoted \" value"` parameters of a header value, keys lower-cased. */
function headerParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(value); m !== null; m = re.exec(value)) {
    const raw = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : (m[3] ?? "").trim();
    params.set(m[1].toLowerCase(), raw);
  }
  return params;
}

/** RFC 5987 `UTF-8''percent-encoded`; null when it is not that. */
function extendedValue(value: string): string | null {
  const m = /^utf-8'[^']*'(.*)$/i.exec(value);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

function parseHeaders(block: string): Omit<MultipartPart, "body"> {
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    if (line === "") continue;
    const colon = line.indexOf(":");
    if (colon <= 0) throw new MultipartError(`a part has a malformed header line ${JSON.stringify(line.slice(0, 80))}`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get("content-disposition");
  if (!disposition || /^form-data\b/i.exec(disposition) === null)
    throw new MultipartError("a part has no Content-Disposition: form-data header");
  const params = headerParams(disposition);
  const name = params.get("name");
  if (name === undefined) throw new MultipartError("a part's Content-Disposition has no name");
  const star = params.get("filename*");
  const filename = (star !== undefined ? extendedValue(star) : null) ?? params.get("filename");
  return { name, filename, contentType: headers.get("content-type") };
}

/** Bytes pulled from a stream reader into one buffer that the parser consumes from the front. */
class ByteSource {
  buf: Buffer = Buffer.alloc(0);
  ended = false;
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** Read one more chunk onto the buffer; false at the end of the stream. */
  async more(): Promise<boolean> {
    if (this.ended) return false;
    const { done, value } = await this.reader.read();
    if (done) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    return true;
  }

  take(n: number): Buffer {
    const head = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return head;
  }

  cancel(): void {
    this.ended = true;
    void this.reader.cancel().catch(() => {});
  }
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const CLOSE = Buffer.from("--");

/**
 * The parts of a multipart body, in order. Throws MultipartError for a malformed body (no boundary, a part
 * cut off, headers over the limit, too many parts). Stopping early (break, a throw) cancels the stream.
 */
export async function* readMultipart(
  stream: ReadableStream<Uint8Array>,
  boundary: string,
  limits: MultipartLimits = DEFAULT_MULTIPART_LIMITS,
): AsyncGenerator<MultipartPart> {
  // Every delimiter is CRLF "--" boundary; the first one may open the body, so a CRLF is put in front.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const src = new ByteSource(stream.getReader());
  src.buf = Buffer.from(CRLF);
  let partOpen = false;

  /** The next chunk of the current part's body, or null once its closing delimiter is reached. */
  const nextBodyChunk = async (): Promise<Buffer | null> => {
    for (;;) {
      const at = src.buf.indexOf(delimiter);
      if (at >= 0) {
        const chunk = src.take(at);
        src.take(delimiter.length);
        partOpen = false;
        if (chunk.length > 0) return chunk;
        return null;
      }
      // Keep a tail that could be the start of a delimiter split across chunks.
      const safe = src.buf.length - (delimiter.length - 1);
      if (safe > 0) return src.take(safe);
      if (!(await src.more())) throw new MultipartError("the body ended inside a part (no closing boundary)");
    }
  };

  try {
    // The preamble, up to the first delimiter, is ignored.
    for (;;) {
      const at = src.buf.indexOf(delimiter);
      if (at >= 0) {
        src.take(at + delimiter.length);
        break;
      }
      src.take(Math.max(0, src.buf.length - (delimiter.length - 1)));
      if (!(await src.more())) throw new MultipartError(`the body holds no part delimited by boundary "${boundary}"`);
    }
    for (let count = 0; ; count++) {
      // After a delimiter: "--" closes the body; otherwise optional padding, then CRLF and the part's headers.
      while (src.buf.length < 2 && (await src.more()));
      if (src.buf.subarray(0, 2).equals(CLOSE)) return;
      if (count >= limits.maxParts) throw new MultipartError(`more than ${limits.maxParts} parts in one body`);
      let headerEnd = -1;
      for (;;) {
        const padding = /^[ \t]*/.exec(src.buf.subarray(0, 64).toString("latin1"))?.[0].length ?? 0;
        headerEnd = src.buf.indexOf(HEADER_END, padding);
        if (headerEnd >= 0) {
          if (!src.buf.subarray(padding, padding + 2).equals(CRLF))
            throw new MultipartError("a boundary line is followed by something other than a line break");
          break;
        }
        if (src.buf.length > limits.maxHeaderBytes)
          throw new MultipartError(`a part's headers are over ${limits.maxHeaderBytes} bytes`);
        if (!(await src.more())) throw new MultipartError("the body ended inside a part's headers");
      }
      if (headerEnd > limits.maxHeaderBytes)
        throw new MultipartError(`a part's headers are over ${limits.maxHeaderBytes} bytes`);
      const block = src.take(headerEnd + HEADER_END.length).toString("utf8");
      const head = parseHeaders(block.slice(block.indexOf("\r\n") + 2));
      partOpen = true;
      const body = {
        async *[Symbol.asyncIterator]() {
          for (let c = partOpen ? await nextBodyChunk() : null; c !== null; c = partOpen ? await nextBodyChunk() : null)
            yield c;
        },
      };
      yield { ...head, body };
      // Whatever of the part the caller did not read is skipped.
      while (partOpen) await nextBodyChunk();
    }
  } finally {
    src.cancel();
  }
}
