"use client";

import type { Message } from "@langchain/langgraph-sdk";
import { useStream } from "@langchain/langgraph-sdk/react";
import { useEffect, useRef, useState } from "react";
import { FileIcon } from "./artifacts/file-icons";
import { SidePanel, useShowPresentedFiles, type SideTab } from "./artifacts/side-panel";
import { useThreadFiles } from "./artifacts/use-thread-files";
import { SubtaskProgressContext } from "./chat/subtask-card";
import { ThreadView } from "./chat/thread-view";
import { MenuIcon, PanelIcon } from "./icons";
import { artifactsKey } from "./lib/artifacts";
import { addSubtaskEvent, readSubtaskEvent, type SubtaskProgress } from "./lib/subtasks";
import { withCurrentThread } from "./lib/threads";
import { firstHumanText } from "./lib/timeline";
import type { LivePromotion } from "./lib/tools-inventory";
import { ellipsis } from "./lib/truncate";
import { uploadFiles, withUploadedFiles } from "./lib/uploads";
import { ModelPicker } from "./models/model-picker";
import { useModels } from "./models/use-models";
import { ThreadList } from "./threads/thread-list";
import { useThreadParam } from "./threads/use-thread-param";
import { GRAPH_ID, useThreads } from "./threads/use-threads";
import { ToolsPanel } from "./tools/tools-panel";
import { useToolInventory } from "./tools/use-tool-inventory";

/** The lead agent's thread state, as far as the UI reads it. */
interface FawnState {
  messages: Message[];
  promoted?: LivePromotion;
  /** Virtual paths the agent presented with present_files. */
  artifacts?: string[];
}

// "custom" carries subagent progress (onCustomEvent adds it too; listed so every submit asks for it).
const STREAM_MODE: ("values" | "messages-tuple" | "custom")[] = ["values", "messages-tuple", "custom"];

/** Thread list, conversation and tools panel around one `useStream` connection. */
export function ChatShell({ apiUrl }: { apiUrl: string }) {
  const [threadId, setThreadId] = useThreadParam();
  const [drawer, setDrawer] = useState<"threads" | "side" | null>(null);
  const [sideTab, setSideTab] = useState<SideTab>("tools");
  const [selectedFile, setSelectedFile] = useState<string | null>(null);
  const [subtasks, setSubtasks] = useState<SubtaskProgress>({});
  // A message whose files are uploaded, sent once its thread is the open one (see `send`).
  const [pendingSend, setPendingSend] = useState<{ threadId: string; text: string } | null>(null);
  const models = useModels();

  const stream = useStream<FawnState>({
    apiUrl,
    assistantId: GRAPH_ID,
    messagesKey: "messages",
    reconnectOnMount: true,
    fetchStateHistory: false,
    threadId,
    onThreadId: setThreadId,
    onCustomEvent: (data) => {
      const event = readSubtaskEvent(data);
      if (event) setSubtasks((p) => addSubtaskEvent(p, event));
    },
  });

  const messages = stream.messages;
  const loading = stream.isLoading;
  const promoted = stream.values?.promoted ?? null;
  const runsFinished = useFinishedRuns(loading);

  // The panel refetches when the thread's promotions change and after every run; meanwhile it
  // applies the streamed `promoted` names itself, so a tool moves the moment tool_search returns.
  const promotedKey = promoted ? `${promoted.catalog_hash ?? ""}|${(promoted.names ?? []).join(",")}` : "";
  const inventory = useToolInventory(threadId, [promotedKey, runsFinished]);
  const presented = stream.values?.artifacts;
  const files = useThreadFiles(threadId, [artifactsKey(presented), runsFinished]);
  useShowPresentedFiles(Array.isArray(presented) ? presented : [], loading, () => setSideTab("files"));
  const threadList = useThreads(stream.client, `${threadId ?? ""}|${runsFinished}`);
  const title = firstHumanText(messages);
  const threads = withCurrentThread(threadList.threads, { id: threadId, title });
  // A breakpoint-style pause carries no value; only interrupt(value) calls ask the person something.
  const interrupt = stream.interrupts.find((i) => i.value !== undefined);

  const config = models.selected ? { configurable: { model_name: models.selected } } : undefined;

  const submitMessage = (text: string) => {
    const message: Message = { id: newId(), type: "human", content: text };
    void stream.submit(
      { messages: [message] },
      {
        config,
        streamMode: STREAM_MODE,
        optimisticValues: (prev) => ({ ...prev, messages: [...(prev.messages ?? []), message] }),
        // The server tags threads with their graph when a run starts; tagging at creation too keeps
        // the thread listed even if that run never gets going.
        ...(threadId ? {} : { metadata: { graph_id: GRAPH_ID } }),
      },
    );
  };

  // Files go to the thread's uploads folder first, so a new thread is created here rather than by
  // submit; the message is then sent from the effect below, once that thread is the open one.
  const send = async (text: string, attached: File[]) => {
    if (attached.length === 0) {
      submitMessage(text);
      return;
    }
    let target = threadId;
    if (!target) {
      target = (await stream.client.threads.create({ metadata: { graph_id: GRAPH_ID } })).thread_id;
      stream.switchThread(target);
    }
    const saved = await uploadFiles(target, attached);
    files.refresh();
    setPendingSend({ threadId: target, text: withUploadedFiles(text, saved) });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: submitMessage is this render's, bound to the thread that is now open
  useEffect(() => {
    if (!pendingSend || pendingSend.threadId !== threadId) return;
    setPendingSend(null);
    submitMessage(pendingSend.text);
    // submitMessage is this render's, bound to the thread that is now open.
  }, [pendingSend, threadId]);

  const resume = (value: unknown) => {
    void stream.submit(undefined, { command: { resume: value }, config, streamMode: STREAM_MODE });
  };
  const open = (id: string | null) => {
    setDrawer(null);
    setSelectedFile(null);
    setPendingSend(null);
    setSubtasks({});
    stream.switchThread(id);
  };
  const toggleSide = (tab: SideTab) => {
    const showing = drawer === "side" && sideTab === tab;
    setSideTab(tab);
    setDrawer(showing ? null : "side");
  };
  const remove = async (id: string) => {
    await threadList.remove(id);
    if (id === threadId) stream.switchThread(null);
  };

  return (
    <div className="flex h-dvh overflow-hidden">
      {drawer && (
        <div
          aria-hidden="true"
          onClick={() => setDrawer(null)}
          className="fixed inset-0 z-20 bg-stone-900/30 lg:hidden"
        />
      )}
      <ThreadList
        threads={threads}
        currentId={threadId}
        error={threadList.error}
        onNew={() => open(null)}
        onSelect={open}
        onDelete={(id) => void remove(id)}
        onClose={() => setDrawer(null)}
        className={`${drawer === "threads" ? "fixed inset-y-0 left-0 z-30 flex w-72 shadow-xl" : "hidden"} md:static md:z-auto md:flex md:w-60 md:shadow-none`}
      />
      <main className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-2 border-b border-stone-200 bg-white px-4 py-2.5">
          <button
            type="button"
            data-testid="threads-toggle"
            onClick={() => setDrawer("threads")}
            aria-label="Show threads"
            className="rounded p-1 text-stone-600 hover:bg-stone-100 md:hidden"
          >
            <MenuIcon />
          </button>
          <h1 data-testid="thread-heading" className="min-w-0 truncate text-sm font-medium">
            {title ? ellipsis(title, 80) : "New thread"}
          </h1>
          {loading && (
            <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] text-amber-800">running</span>
          )}
          {interrupt && !loading && (
            <span className="shrink-0 rounded-full bg-sky-100 px-2 py-0.5 text-[11px] text-sky-800">
              waiting for you
            </span>
          )}
          <button
            type="button"
            data-testid="files-toggle"
            onClick={() => toggleSide("files")}
            aria-expanded={drawer === "side" && sideTab === "files"}
            className="ml-auto inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-stone-300 px-2 py-1 text-xs font-medium hover:bg-stone-50 lg:hidden"
          >
            <FileIcon /> Files
            {files.fetchedFor === threadId && files.data.artifacts.length > 0 && (
              <span className="rounded-full bg-fawn-100 px-1.5 text-fawn-800">{files.data.artifacts.length}</span>
            )}
          </button>
          <button
            type="button"
            data-testid="tools-toggle"
            onClick={() => toggleSide("tools")}
            aria-expanded={drawer === "side" && sideTab === "tools"}
            className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-stone-300 px-2 py-1 text-xs font-medium hover:bg-stone-50 lg:hidden"
          >
            <PanelIcon /> Tools
            {promoted?.names && promoted.names.length > 0 && (
              <span className="rounded-full bg-emerald-100 px-1.5 text-emerald-800">{promoted.names.length}</span>
            )}
          </button>
        </header>
        <SubtaskProgressContext.Provider value={subtasks}>
          <ThreadView
            messages={messages}
            loading={loading}
            threadLoading={stream.isThreadLoading}
            error={stream.error}
            interrupt={interrupt}
            onSend={send}
            onStop={() => void stream.stop()}
            onResume={resume}
            composerExtras={
              <ModelPicker
                models={models.models}
                selected={models.selected}
                error={models.error}
                onSelect={models.select}
              />
            }
          />
        </SubtaskProgressContext.Provider>
      </main>
      <SidePanel
        tab={sideTab}
        onTab={setSideTab}
        drawerOpen={drawer === "side"}
        onClose={() => setDrawer(null)}
        tools={
          <ToolsPanel
            inventory={inventory}
            threadId={threadId}
            live={promoted}
            onRefresh={inventory.refresh}
            className="min-h-0 flex-1"
          />
        }
        files={files}
        threadId={threadId}
        selectedFile={selectedFile}
        onSelectFile={setSelectedFile}
        onRefreshFiles={files.refresh}
      />
    </div>
  );
}

/** Counts runs that finished (loading went from true to false): a cue to reload lists. */
function useFinishedRuns(loading: boolean): number {
  const [count, setCount] = useState(0);
  const was = useRef(loading);
  useEffect(() => {
    if (was.current && !loading) setCount((n) => n + 1);
    was.current = loading;
  }, [loading]);
  return count;
}

function newId(): string {
  // randomUUID exists only in secure contexts (https, localhost); a LAN address over http has none.
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `msg-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
