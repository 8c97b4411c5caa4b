// Loaded only when a message has math (see hasMath): KaTeX and its stylesheet stay out of the page otherwise.
import "katex/dist/katex.min.css";
import type { Options } from "react-markdown";
import rehypeKatex from "rehype-katex";
import remarkMath from "remark-math";

export const mathPlugins: {
  remark: NonNullable<Options["remarkPlugins"]>;
  rehype: NonNullable<Options["rehypePlugins"]>;
} = {
  // Single dollars stay text: "$5 and $10" is a price, not math (normalizeMath turns \( \) into $$ $$).
  remark: [[remarkMath, { singleDollarTextMath: false }]],
  // KaTeX's own safe defaults: no \href or \url to javascript:, errors shown in place instead of thrown.
  rehype: [[rehypeKatex, { throwOnError: false, strict: "ignore" }]],
};
