import { Fragment, type ReactNode } from "react";
import { splitTemplate } from "./translate";

/**
 * A translated template whose `{name}` placeholders are elements (a highlighted word, a code tag):
 * the text around them stays in the catalog's order, so each language places them where it needs.
 */
export function fillNodes(template: string, nodes: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return splitTemplate(template).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one template never move
    <Fragment key={i}>
      {typeof part === "string" ? part : part.name in nodes ? nodes[part.name] : `{${part.name}}`}
    </Fragment>
  ));
}
