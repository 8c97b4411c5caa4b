/** opencc-js publishes no types for its per-locale dictionary modules; this one is a list of dictionary groups. */
declare module "opencc-js/from/jp" {
  import type { DictGroup } from "opencc-js/core";
  const groups: readonly DictGroup[];
  export default groups;
}
declare module "opencc-js/from/cn" {
  import type { DictGroup } from "opencc-js/core";
  const groups: readonly DictGroup[];
  export default groups;
}
declare module "opencc-js/to/twp" {
  import type { DictGroup } from "opencc-js/core";
  const groups: readonly DictGroup[];
  export default groups;
}
