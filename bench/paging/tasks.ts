/**
 * The scripted task set of bench:paging (model calls per task, with and without prefetch) and the recorded
 * 10-turn session (prefix stability, bind vs proxy). Every task is one user message to the demo model over
 * the shipped MCP servers; `tool` is the tool that answers it (null: no tool should be used).
 */
export interface PagingTask {
  message: string;
  tool: string | null;
}

export const TASKS: readonly PagingTask[] = [
  { message: "calculate: 12*(3+4)", tool: "workbench_calculate" },
  { message: "convert 5 km to miles", tool: "workbench_convert_units" },
  { message: "what time is it in Tokyo?", tool: "workbench_current_time" },
  { message: "how many days between 2024-01-01 and 2024-03-01", tool: "workbench_date_diff" },
  { message: "add 10 days to 2024-05-01", tool: "workbench_date_add" },
  { message: 'count the words in "the quick brown fox"', tool: "workbench_text_stats" },
  { message: 'hash "hello" with sha256', tool: "workbench_hash_text" },
  { message: 'base64 encode "hello world"', tool: "workbench_base64_encode" },
  { message: 'decode base64 "aGVsbG8="', tool: "workbench_base64_decode" },
  { message: "generate a uuid", tool: "workbench_generate_uuid" },
  { message: 'save a note titled "groceries"', tool: "workbench_notes_add" },
  { message: "list my notes", tool: "workbench_notes_list" },
  { message: "search my notes for groceries", tool: "workbench_notes_search" },
  { message: 'parse this csv: "a,b"', tool: "workbench_csv_to_json" },
  { message: 'test the regex \\d+ against "a1b22"', tool: "workbench_regex_test" },
  { message: 'echo "hello"', tool: "everything_echo" },
  { message: "sum of 3 and 4", tool: "everything_get-sum" },
  { message: "show me the environment variables", tool: "everything_get-env" },
  { message: "give me a tiny image", tool: "everything_get-tiny-image" },
  { message: "read the knowledge graph", tool: "memory_read_graph" },
  { message: "search the knowledge graph for Alice", tool: "memory_search_nodes" },
  { message: "计算 12*(3+4)", tool: "workbench_calculate" },
  // Asks for a bound file tool; an MCP tool prefetched here is a wrong prefetch.
  { message: 'write a note to notes.md saying "hi" and show it', tool: "write_file" },
  { message: "list the files in my workspace", tool: "ls" },
  { message: "hello", tool: null },
  { message: "thanks, that is all", tool: null },
  { message: "tell me a joke", tool: null },
];

/** Ten turns of one thread, replayed identically in both binding modes. */
export const SESSION: readonly string[] = [
  "calculate: 12*(3+4)",
  "convert 5 km to miles",
  'echo "hello"',
  "read the knowledge graph",
  'hash "hello" with sha256',
  "calculate: 2+2",
  "what time is it in Tokyo?",
  "sum of 3 and 4",
  'base64 encode "hello world"',
  "convert 3 feet to meters",
];
