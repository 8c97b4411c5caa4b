"use client";

import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useRef, useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { CloseIcon } from "@/components/icons";
import { ArtifactsPanel } from "./artifacts-panel";
import type { ThreadFilesState } from "./use-thread-files";

export type SideTab = "tools" | "files" | "servers";

export interface SidePanelProps {
  tab: SideTab;
  onTab: (tab: SideTab) => void;
  /** On a narrow window the panel is a drawer; this says whether it is open. */
  drawerOpen: boolean;
  onClose: () => void;
  /** The tools panel, drawn under the "Tools" tab. */
  tools: ReactNode;
  /** The MCP servers panel, drawn under the "Servers" tab. */
  servers: ReactNode;
  files: ThreadFilesState;
  threadId: string | null;
  selectedFile: string | null;
  onSelectFile: (path: string | null) => void;
  onRefreshFiles: () => void;
  /** The panel element, for the drawer's focus handling (use-modal-drawer.ts). */
  ref?: Ref<HTMLElement>;
  /** A drawer covering the page: a modal dialog. */
  modal?: boolean;
  /** Out of reach (another drawer covers the page). */
  inert?: boolean;
}

/**
 * The right-hand column: the tools panel and the thread's files, one tab each. Both stay mounted,
 * so the tools panel keeps its filter and live promotions while the files are shown.
 */
export function SidePanel(props: SidePanelProps) {
  const t = useT();
  const { tab, onTab, drawerOpen, files, threadId, selectedFile } = props;
  // The servers panel loads when first opened (it reads the config and every server's state), then stays mounted.
  const [serversOpened, setServersOpened] = useState(tab === "servers");
  if (tab === "servers" && !serversOpened) setServersOpened(true);
  const presented = files.fetchedFor === threadId ? files.data.artifacts.length : 0;
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = nextTab(tab, e.key);
    if (!next) return;
    e.preventDefault();
    onTab(next);
    document.getElementById(tabIdOf(next))?.focus();
  };
  // A file preview and the servers' forms need more room than the tool list.
  const wide = (tab === "files" && selectedFile !== null) || tab === "servers";
  const drawer = drawerOpen
    ? `fixed inset-y-0 right-0 z-30 flex shadow-xl ${wide ? "w-[min(40rem,96vw)]" : "w-[min(24rem,92vw)]"}`
    : "hidden";
  const column = wide ? "lg:w-[min(36rem,42vw)]" : "lg:w-[22rem]";

  return (
    <section
      ref={props.ref}
      data-testid="side-panel"
      data-drawer="side"
      role={props.modal ? "dialog" : undefined}
      aria-label={t("side.label")}
      inert={props.inert || undefined}
      className={`${drawer} min-h-0 flex-col border-l border-stone-200 bg-stone-100 lg:static lg:z-auto lg:flex lg:shadow-none ${column}`}
    >
      <div className="flex shrink-0 items-end gap-1 border-b border-stone-200 px-3 pt-2">
        {/* Only tabs inside the tablist: the close button sits beside it. */}
        {/* Arrow keys, Home and End move between the tabs (one Tab stop for the list, as WAI-ARIA's tabs pattern). */}
        <div role="tablist" aria-label={t("side.label")} onKeyDown={onTabKey} className="flex gap-1">
          <TabButton id="tools" tab={tab} onTab={onTab} label={t("side.tools")} />
          <TabButton id="files" tab={tab} onTab={onTab} label={t("side.files")} count={presented} />
          <TabButton id="servers" tab={tab} onTab={onTab} label={t("side.servers")} />
        </div>
        <button
          type="button"
          data-testid="side-panel-close"
          onClick={props.onClose}
          aria-label={t("side.close")}
          className="mb-1 ml-auto rounded p-1 text-stone-600 hover:bg-stone-200 lg:hidden"
        >
          <CloseIcon />
        </button>
      </div>
      <div
        {...panelOf("tools")}
        className={tab === "tools" ? "flex min-h-0 flex-1 flex-col [&>aside]:border-l-0" : "hidden"}
      >
        {props.tools}
      </div>
      <div {...panelOf("servers")} className={tab === "servers" ? "flex min-h-0 flex-1 flex-col" : "hidden"}>
        {serversOpened && props.servers}
      </div>
      <div {...panelOf("files")} className={tab === "files" ? "flex min-h-0 flex-1 flex-col" : "hidden"}>
        <ArtifactsPanel
          files={files}
          threadId={threadId}
          selected={selectedFile}
          onSelect={props.onSelectFile}
          onRefresh={props.onRefreshFiles}
          className="flex-1"
        />
      </div>
    </section>
  );
}

function TabButton({
  id,
  tab,
  onTab,
  label,
  count,
}: {
  id: SideTab;
  tab: SideTab;
  onTab: (t: SideTab) => void;
  label: string;
  count?: number;
}) {
  const active = tab === id;
  return (
    <button
      type="button"
      role="tab"
      id={tabIdOf(id)}
      aria-controls={panelIdOf(id)}
      tabIndex={active ? 0 : -1}
      data-testid={`side-tab-${id}`}
      aria-selected={active}
      onClick={() => onTab(id)}
      className={`-mb-px inline-flex items-center gap-1.5 rounded-t-lg border px-3 py-1.5 text-xs font-medium ${
        active
          ? "border-stone-200 border-b-stone-100 bg-stone-100 text-stone-900"
          : "border-transparent text-stone-600 hover:text-stone-800"
      }`}
    >
      {label}
      {count !== undefined && count > 0 && (
        <span className="rounded-full bg-fawn-100 px-1.5 text-[10px] text-fawn-800">{count}</span>
      )}
    </button>
  );
}

/**
 * Calls `show` (to bring the files tab forward) when a live run presents new files. Loading a
 * thread, with no run going, never does: the person chose what they are looking at.
 */
export function useShowPresentedFiles(presented: readonly string[], running: boolean, show: () => void): void {
  const seen = useRef<ReadonlySet<string>>(new Set(presented));
  const showRef = useRef(show);
  useEffect(() => {
    showRef.current = show;
  });
  // `key` stands for `presented`, whose identity changes on every streamed chunk.
  const key = presented.join("\n");
  useEffect(() => {
    const paths = key === "" ? [] : key.split("\n");
    const fresh = paths.some((p) => !seen.current.has(p));
    seen.current = new Set(paths);
    if (running && fresh) showRef.current();
  }, [key, running]);
}

const TABS: readonly SideTab[] = ["tools", "files", "servers"];
const tabIdOf = (id: SideTab) => `side-tab-${id}`;
const panelIdOf = (id: SideTab) => `side-panel-${id}`;
/** The tab panel's attributes (its tab labels it). */
const panelOf = (id: SideTab) => ({ id: panelIdOf(id), role: "tabpanel", "aria-labelledby": tabIdOf(id) });

/** The tab a key moves to from `tab` (arrows wrap; Home, End), or null for any other key. */
function nextTab(tab: SideTab, key: string): SideTab | null {
  const i = TABS.indexOf(tab);
  if (key === "ArrowRight") return TABS[(i + 1) % TABS.length]!;
  if (key === "ArrowLeft") return TABS[(i + TABS.length - 1) % TABS.length]!;
  if (key === "Home") return TABS[0]!;
  if (key === "End") return TABS[TABS.length - 1]!;
  return null;
}
