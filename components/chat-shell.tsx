"use client";

import { type Checkpoint, Client, type Message } from "@langchain/langgraph-sdk";
import { type UseStreamThread, useStream } from "@langchain/langgraph-sdk/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { SidePanel, type SideTab, useShowPresentedFiles } from "./artifacts/side-panel";
import { useThreadFiles } from "./artifacts/use-thread-files";
import { ChatHeader } from "./chat-header";
import { preloadMarkdown } from "./chat/markdown";
import { SubtaskProgressContext } from "./chat/subtask-card";
import { type MessageActions, ThreadView } from "./chat/thread-view";
import { useDrafts } from "./chat/use-drafts";
import { useKeptBranch } from "./chat/use-kept-branch";
import { useModalDrawer } from "./chat/use-modal-drawer";
import { useRunAcceptance } from "./chat/use-send";
import { artifactsKey } from "./lib/artifacts";
import { type BranchTree, sendFrom } from "./lib/branches";
import { withDraft } from "./lib/drafts";
import { promotedBy } from "./lib/promoted-by";
import { classifyError } from "./lib/errors";
import { questionsWithoutRerunPoint, type RerunState, rerunPoint } from "./lib/rerun";
import { starterPrompts } from "./lib/starters";
import { addSubtaskEvent, readSubtaskEvent, type SubtaskProgress } from "./lib/subtasks";
import { threadFromParam, withCurrentThread } from "./lib/threads";
import { firstHumanText } from "./lib/timeline";
import type { LivePromotion } from "./lib/tools-inventory";
import { callDurations, type TimedState } from "./lib/turns";
import { uploadFiles, withUploadedFiles } from "./lib/uploads";
import { oauthNotice, opensServersPanel, withoutOAuthParams } from "./lib/servers";
import { ModelPicker } from "./models/model-picker";
import { ServersPanel } from "./servers/servers-panel";
import { useModels } from "./models/use-models";
import { ThreadList } from "./threads/thread-list";
import { useThreadCheck } from "./threads/use-thread-check";
import { useThreadParam } from "./threads/use-thread-param";
import { GRAPH_ID, useThreads } from "./threads/use-threads";
import { ToolsPanel } from "./tools/tools-panel";
import { useCatalogChanges } from "./tools/use-catalog-changes";
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
// Checkpoints read per thread: enough for the branches and step timings of a long conversation (a
// tool-using turn is 5–10 checkpoints); older forks keep their messages but lose the version switcher.
const HISTORY_LIMIT = 100;
// A failed send is retried by the person (Retry), never silently: a retried POST could start a run twice.
// Module-level, like the client built with it (one for the page: the thread look-up and useStream share it).
const CALLER_OPTIONS = { maxRetries: 1 };
// Given to useStream instead of its own history read while the open thread is looked up, or after it was not found
// (thread-check.ts): nothing is read, so a deleted thread's history read never fails uncaught.
const NOTHING_READ = async () => undefined;
const CHECKING_THREAD: UseStreamThread<FawnState & Record<string, unknown>> = {
  data: undefined,
  error: undefined,
  isLoading: true,
  mutate: NOTHING_READ,
};
const MISSING_THREAD: UseStreamThread<FawnState & Record<string, unknown>> = { ...CHECKING_THREAD, isLoading: false };

/** Thread list, conversation and tools panel around one `useStream` connection. */
export function ChatShell({ apiUrl }: { apiUrl: string }) {
  const [threadParam, setThreadIdParam] = useThreadParam();
  const { id: threadId, malformed: malformedThread } = threadFromParam(threadParam);
  // The OAuth callback sends the browser back with ?panel=servers and how the sign-in went.
  const [drawer, setDrawer] = useState<"threads" | "side" | null>(() =>
    opensServersPanel(window.location.search) ? "side" : null,
  );
  const [sideTab, setSideTab] = useState<SideTab>(() =>
    opensServersPanel(window.location.search) ? "servers" : "tools",
  );
  const [notice, setNotice] = useState(() => oauthNotice(window.location.search));
  useEffect(() => {
    const clean = withoutOAuthParams(window.location.href);
    if (clean !== window.location.href) window.history.replaceState(null, "", clean);
  }, []);
  const [selectedFile, setSelectedFile] = useState<string | null>(null);
  const [subtasks, setSubtasks] = useState<SubtaskProgress>({});
  // Drafts per thread ("new" before the thread exists), so text never follows you to another thread.
  const [drafts, setDrafts] = useDrafts();
  // The message just sent, shown until the server's state has it; gone again if the send fails.
  const [pending, setPending] = useState<Message | null>(null);
  // A send that failed before its run existed is reported by the composer (with Retry), not as a run error.
  const [sendFailed, setSendFailed] = useState(false);
  // Files sent with a message: uploaded first, then the message goes once its thread is the open one.
  const [pendingSend, setPendingSend] = useState<{ threadId: string; text: string } | null>(null);
  // The thread's history as read after a failed run (useStream rereads it only after a run that succeeded).
  const [readHistory, setReadHistory] = useState<{ threadId: string; states: RerunState[] } | null>(null);
  const acceptance = useRunAcceptance();
  const sendingFrom = useRef<string | null>(null);
  // Threads known to exist, read without being looked up first (thread-check.ts): created by this page (its first
  // run streams into it before its history is read), or picked from the server's list.
  const [known, setKnown] = useState<ReadonlySet<string>>(() => new Set());
  const models = useModels();

  const setThreadId = useCallback(
    (id: string | null) => {
      // A first message creates its thread mid-send: its draft moves along, so a failed send keeps it.
      const from = sendingFrom.current;
      if (id && from === "new") {
        setDrafts((d) => ({ ...d, [id]: d.new ?? "", new: "" }));
        setKnown((s) => new Set(s).add(id));
        sendingFrom.current = id;
      }
      setThreadIdParam(id);
    },
    [setThreadIdParam, setDrafts],
  );

  const client = useMemo(() => new Client({ apiUrl, callerOptions: CALLER_OPTIONS }), [apiUrl]);
  const check = useThreadCheck(client, threadId, threadId !== null && known.has(threadId));
  const stream = useStream<FawnState>({
    client,
    assistantId: GRAPH_ID,
    messagesKey: "messages",
    reconnectOnMount: true,
    fetchStateHistory: { limit: HISTORY_LIMIT },
    // Its own history read only once the thread is known to exist (thread-check.ts).
    thread: check === "checking" ? CHECKING_THREAD : check === "missing" ? MISSING_THREAD : undefined,
    threadId,
    onThreadId: setThreadId,
    onCreated: () => acceptance.accepted(),
    onError: (e) => acceptance.failed(e),
    onCustomEvent: (data) => {
      const event = readSubtaskEvent(data);
      if (event) setSubtasks((p) => addSubtaskEvent(p, event));
    },
  });

  const messages = stream.messages;
  const loading = stream.isLoading;
  const promoted = stream.values?.promoted ?? null;
  const runsFinished = useFinishedRuns(loading);
  const error = sendFailed ? null : stream.error;
  const missing =
    malformedThread ||
    check === "missing" ||
    (threadId !== null && messages.length === 0 && classifyError(stream.error).kind === "missing_thread");

  // The panel refetches when the thread's promotions change, after every run and when the catalog
  // changes on its own; meanwhile it applies the streamed `promoted` names itself, so a tool moves
  // the moment tool_search returns.
  const promotedKey = promoted ? `${promoted.catalog_hash ?? ""}|${(promoted.names ?? []).join(",")}` : "";
  const catalogChanges = useCatalogChanges();
  const inventory = useToolInventory(threadId, [promotedKey, runsFinished, catalogChanges]);
  const presented = stream.values?.artifacts;
  const files = useThreadFiles(threadId, [artifactsKey(presented), runsFinished]);
  useShowPresentedFiles(Array.isArray(presented) ? presented : [], loading, () => setSideTab("files"));
  const threadList = useThreads(stream.client, `${threadId ?? ""}|${runsFinished}`);

  const shown = pending && !messages.some((m) => m.id === pending.id) ? [...messages, pending] : messages;
  const firstText = firstHumanText(shown);
  const listed = threadList.threads.find((th) => th.id === threadId);
  const title = (listed?.renamed ? listed.title : firstText) ?? "";
  const threads = withCurrentThread(threadList.threads, { id: threadId, title: firstText, running: loading, missing });
  // A breakpoint-style pause carries no value; only interrupt(value) calls ask the person something.
  const interrupt = stream.interrupts.find((i) => i.value !== undefined);

  const history = stream.history as unknown as TimedState[];
  const durations = useMemo(() => callDurations(history), [history]);
  // Each tool_search answer is read once, not again with every streamed token (promoted-by.ts).
  const loadedByCall = useRef(new Map<string, readonly string[]>());
  const searchedFor = useMemo(() => promotedBy(messages, loadedByCall.current), [messages]);
  // The version chosen in the open thread, kept across reloads: restored once its own history is here.
  const historyThread = stream.history[0]?.checkpoint?.thread_id;
  useKeptBranch(
    threadId,
    stream.branch,
    stream.setBranch,
    !stream.isThreadLoading && historyThread === threadId ? (stream.experimental_branchTree as BranchTree) : null,
  );
  const starters = useMemo(() => {
    const demo = models.models.find((m) => m.name === models.selected)?.demo ?? false;
    return starterPrompts(inventory.data?.tools ?? [], demo);
  }, [inventory.data, models.models, models.selected]);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 300));
    idle(() => preloadMarkdown());
  }, []);
  // The sent message is the server's now (or the thread changed): stop showing our copy.
  useEffect(() => {
    if (pending && messages.some((m) => m.id === pending.id)) setPending(null);
  }, [pending, messages]);

  const config = models.selected ? { configurable: { model_name: models.selected } } : undefined;
  const draftKey = threadId ?? "new";

  const submitMessage = (text: string): Promise<void> => {
    const message: Message = { id: newId(), type: "human", content: text };
    const from = threadId ? sendFrom(stream.history.at(-1), stream.experimental_branchTree as BranchTree) : null;
    const accepted = acceptance.expect();
    sendingFrom.current = draftKey;
    setPending(message);
    setSendFailed(false);
    void stream
      .submit(
        { messages: [message] },
        {
          config,
          streamMode: STREAM_MODE,
          // From the version shown (one chosen in the switcher), which stays on screen with the new message.
          ...(from ? { checkpoint: from as Checkpoint } : {}),
          // The server tags threads with their graph when a run starts; tagging at creation too keeps
          // the thread listed even if that run never gets going.
          ...(threadId ? {} : { metadata: { graph_id: GRAPH_ID } }),
        },
      )
      .finally(() => acceptance.failed(new Error("the run did not start")));
    return accepted.then(
      () => {
        const key = sendingFrom.current ?? draftKey;
        setDrafts((d) => ({ ...d, [key]: "", new: key === "new" ? "" : (d.new ?? "") }));
        sendingFrom.current = null;
      },
      (e: unknown) => {
        setPending(null);
        setSendFailed(true);
        sendingFrom.current = null;
        throw e;
      },
    );
  };

  // Files go to the thread's uploads folder first, so a new thread is created here rather than by
  // submit; the message is then sent from the effect below, once that thread is the open one.
  const pendingSendDone = useRef<{ resolve: () => void; reject: (e: unknown) => void } | null>(null);
  const send = async (text: string, attached: File[]): Promise<void> => {
    if (attached.length === 0) return submitMessage(text);
    let target = threadId;
    if (!target) {
      target = (await stream.client.threads.create({ metadata: { graph_id: GRAPH_ID } })).thread_id;
      sendingFrom.current = "new";
      stream.switchThread(target);
    }
    const saved = await uploadFiles(target, attached);
    files.refresh();
    return new Promise<void>((resolve, reject) => {
      pendingSendDone.current = { resolve, reject };
      setPendingSend({ threadId: target, text: withUploadedFiles(text, saved) });
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: submitMessage is this render's, bound to the thread that is now open
  useEffect(() => {
    if (!pendingSend || pendingSend.threadId !== threadId) return;
    setPendingSend(null);
    const done = pendingSendDone.current;
    pendingSendDone.current = null;
    submitMessage(pendingSend.text).then(done?.resolve, done?.reject);
  }, [pendingSend, threadId]);

  const resume = (value: unknown) => {
    void stream.submit(undefined, { command: { resume: value }, config, streamMode: STREAM_MODE });
  };

  /**
   * Where a human message entered the thread: rerun from there (regenerate) or from just before (edit). The
   * page's history knows it, except for the question of a run that failed: then the history read since does.
   */
  const rerunPointOf = (messageId: string | undefined) => {
    if (!messageId) return null;
    const seen = stream.getMessagesMetadata({ id: messageId, type: "human", content: "" } as Message)?.firstSeenState;
    if (seen?.checkpoint) return { checkpoint: seen.checkpoint, parent: seen.parent_checkpoint ?? null };
    return readHistory && readHistory.threadId === threadId ? rerunPoint(readHistory.states, messageId) : null;
  };
  // A run ended and a question on screen has no rerun point (the run failed): read the thread's history once,
  // so its edit pencil shows at once, as Regenerate does, instead of after a reload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per finished run, with that render's messages
  useEffect(() => {
    if (!threadId || loading) return;
    if (questionsWithoutRerunPoint(messages, (id) => rerunPointOf(id) !== null).length === 0) return;
    let current = true;
    stream.client.threads.getHistory(threadId, { limit: HISTORY_LIMIT }).then(
      (states) => current && setReadHistory({ threadId, states }),
      () => {
        // No history now: Regenerate still asks the server itself when clicked.
      },
    );
    return () => {
      current = false;
    };
  }, [runsFinished, threadId]);
  const actions: MessageActions = {
    branchOf: (messageId) => {
      if (!messageId) return undefined;
      const meta = stream.getMessagesMetadata({ id: messageId, type: "ai", content: "" } as Message);
      const options = meta?.branchOptions;
      return meta?.branch !== undefined && options && options.length > 1 ? { branch: meta.branch, options } : undefined;
    },
    selectBranch: (branch) => stream.setBranch(branch),
    canRerun: (messageId) => !!rerunPointOf(messageId)?.parent,
    regenerate: (messageId) => {
      setSendFailed(false);
      void (async () => {
        let checkpoint = rerunPointOf(messageId)?.checkpoint;
        // Clicked before the history read after a failed run came back: ask the server now.
        if (!checkpoint && threadId) {
          const states = await stream.client.threads.getHistory(threadId, { limit: HISTORY_LIMIT });
          checkpoint = rerunPoint(states, messageId)?.checkpoint;
        }
        if (!checkpoint) return;
        await stream.submit(undefined, {
          checkpoint: { ...checkpoint } as Checkpoint,
          config,
          streamMode: STREAM_MODE,
        });
      })();
    },
    edit: (messageId, text) => {
      const parent = rerunPointOf(messageId)?.parent;
      if (!parent) return;
      const message: Message = { id: newId(), type: "human", content: text };
      const at = messages.findIndex((m) => m.id === messageId);
      setSendFailed(false);
      void stream.submit(
        { messages: [message] },
        {
          checkpoint: { ...parent } as Checkpoint,
          config,
          streamMode: STREAM_MODE,
          optimisticValues: (prev) => ({ ...prev, messages: [...messages.slice(0, Math.max(0, at)), message] }),
        },
      );
    },
  };

  const open = (id: string | null) => {
    setDrawer(null);
    setSelectedFile(null);
    setPendingSend(null);
    setPending(null);
    setSendFailed(false);
    setSubtasks({});
    setReadHistory(null);
    if (id && threadList.threads.some((th) => th.id === id)) setKnown((s) => new Set(s).add(id));
    // The stream reports a switch only when its thread changes: from a malformed ?thread= (no thread to the stream)
    // to a new thread it would not, and the URL would keep the bad value.
    setThreadIdParam(id);
    stream.switchThread(id);
  };
  const toggleSide = (tab: SideTab) => {
    const showing = drawer === "side" && sideTab === tab;
    setSideTab(tab);
    setDrawer(showing ? null : "side");
  };
  const remove = async (id: string) => {
    await threadList.remove(id);
    setKnown((s) => {
      const rest = new Set(s);
      rest.delete(id);
      return rest;
    });
    if (id === threadId) stream.switchThread(null);
  };

  // On a narrow window an open drawer covers the page: a modal dialog, the rest inert (use-modal-drawer.ts).
  const threadsRef = useRef<HTMLElement>(null);
  const sideRef = useRef<HTMLElement>(null);
  const modal = useModalDrawer(drawer, { threads: threadsRef, side: sideRef });

  // Escape closes a drawer, else stops the run; Ctrl/Cmd+K starts a new thread.
  const keys = useRef({ drawer, setDrawer, loading, stop: () => void stream.stop(), open });
  keys.current = { drawer, setDrawer, loading, stop: () => void stream.stop(), open };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = keys.current;
      if (e.key === "Escape" && !e.defaultPrevented) {
        if (k.drawer) k.setDrawer(null);
        else if (k.loading) k.stop();
      } else if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        k.open(null);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div className="flex h-dvh overflow-hidden">
      {drawer && (
        <div
          aria-hidden="true"
          onClick={() => setDrawer(null)}
          className="fixed inset-0 z-20 bg-stone-900/30 lg:hidden dark:bg-black/60"
        />
      )}
      <ThreadList
        threads={threads}
        currentId={threadId}
        error={threadList.error}
        onNew={() => open(null)}
        onSelect={open}
        onDelete={(id) => void remove(id)}
        onRename={(id, name) => void threadList.rename(id, name)}
        onClose={() => setDrawer(null)}
        ref={threadsRef}
        modal={modal && drawer === "threads"}
        inert={modal && drawer === "side"}
        className={`${drawer === "threads" ? "fixed inset-y-0 left-0 z-30 flex w-72 shadow-xl" : "hidden"} md:static md:z-auto md:flex md:w-64 md:shadow-none`}
      />
      <main className="flex min-w-0 flex-1 flex-col" inert={modal || undefined}>
        <ChatHeader
          title={missing ? "" : title}
          loading={loading}
          waiting={!!interrupt && !loading}
          filesCount={files.fetchedFor === threadId ? files.data.artifacts.length : 0}
          promotedCount={promoted?.names?.length ?? 0}
          filesOpen={drawer === "side" && sideTab === "files"}
          toolsOpen={drawer === "side" && sideTab === "tools"}
          onThreads={() => setDrawer("threads")}
          onFiles={() => toggleSide("files")}
          onTools={() => toggleSide("tools")}
        />
        <SubtaskProgressContext.Provider value={subtasks}>
          <ThreadView
            messages={shown}
            pendingId={pending?.id}
            loading={loading}
            threadLoading={stream.isThreadLoading}
            error={error}
            missing={missing}
            onNewThread={() => open(null)}
            interrupt={interrupt}
            durations={durations}
            actions={actions}
            starters={starters}
            draft={drafts[draftKey] ?? ""}
            onDraftChange={(text) => setDrafts((d) => withDraft(d, draftKey, text))}
            onSend={send}
            onStop={() => void stream.stop()}
            onResume={resume}
            focusKey={draftKey}
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
        ref={sideRef}
        modal={modal && drawer === "side"}
        inert={modal && drawer === "threads"}
        onClose={() => setDrawer(null)}
        tools={
          <ToolsPanel
            inventory={inventory}
            threadId={threadId}
            live={promoted}
            promotedBy={searchedFor}
            onRefresh={inventory.refresh}
            className="min-h-0 flex-1"
          />
        }
        servers={
          <ServersPanel
            onChanged={inventory.refresh}
            refreshKey={`${runsFinished}|${catalogChanges}`}
            notice={notice}
            onDismissNotice={() => setNotice(null)}
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
