import type { SearchDoc } from "../types";

const obj = (props: Record<string, string>) => ({
  type: "object",
  properties: Object.fromEntries(Object.entries(props).map(([k, description]) => [k, { type: "string", description }])),
});

/** A small catalog in the shape of real MCP servers (written for these tests), several per server. */
export const TOOLS: SearchDoc[] = [
  {
    name: "read_text_file",
    server: "filesystem",
    description: "Read the complete contents of a file from the file system as text.",
    parameters: obj({ path: "Path of the file" }),
  },
  {
    name: "filesystem_write_file",
    server: "filesystem",
    description: "Create a new file or completely overwrite an existing file with new content.",
    parameters: obj({ path: "Path of the file", content: "Text to write" }),
  },
  {
    name: "filesystem_list_directory",
    server: "filesystem",
    description: "Get a detailed listing of all files and directories in a specified path.",
    parameters: obj({ path: "Directory path" }),
  },
  {
    name: "list_directory_with_sizes",
    server: "filesystem",
    description: "Get a detailed listing of all files and directories in a path, including sizes.",
    parameters: obj({ path: "Directory path" }),
  },
  {
    name: "filesystem_move_file",
    server: "filesystem",
    description: "Move or rename files and directories.",
    parameters: obj({ source: "Source path", destination: "Destination path" }),
  },
  {
    name: "desktop_commander_read_file",
    server: "desktop_commander",
    description: "Read the contents of a file from disk or a URL.",
    parameters: obj({ path: "Path or URL" }),
  },
  {
    name: "git_status",
    server: "git",
    description: "Shows the working tree status",
    parameters: obj({ repo_path: "Repository path" }),
  },
  {
    name: "git_diff",
    server: "git",
    description: "Shows differences between branches or commits",
    parameters: obj({ repo_path: "Repository path", target: "Target branch" }),
  },
  {
    name: "git_add",
    server: "git",
    description: "Adds file contents to the staging area",
    parameters: obj({ repo_path: "Repository path" }),
  },
  {
    name: "git_commit",
    server: "git",
    description: "Records changes to the repository",
    parameters: obj({ message: "Commit message" }),
  },
  {
    name: "create_pull_request",
    server: "github",
    description: "Create a new pull request in a GitHub repository.",
    parameters: obj({ owner: "Repository owner", repo: "Repository name", title: "PR title" }),
  },
  {
    name: "merge_pull_request",
    server: "github",
    description: "Merge a pull request in a GitHub repository.",
    parameters: {
      type: "object",
      properties: {
        pullNumber: { type: "number", description: "Pull request number" },
        merge_method: { type: "string", enum: ["merge", "squash", "rebase"] },
      },
    },
  },
  {
    name: "issue_write",
    server: "github",
    description: "Create a new or update an existing issue in a GitHub repository.",
    parameters: obj({ title: "Issue title", body: "Issue body" }),
  },
  {
    name: "search_code",
    server: "github",
    description: "Fast and precise code search across all GitHub repositories.",
    parameters: obj({ query: "Search query" }),
  },
  {
    name: "create_merge_request",
    server: "gitlab",
    description: "Create a new merge request in a GitLab project",
    parameters: obj({ project_id: "Project ID or path" }),
  },
  {
    name: "slack_post_message",
    server: "slack",
    description: "Post a new message to a Slack channel",
    parameters: obj({ channel_id: "The ID of the channel", text: "The message text" }),
  },
  {
    name: "slack_reply_to_thread",
    server: "slack",
    description: "Reply to a specific message thread in Slack",
    parameters: obj({ thread_ts: "Timestamp of the parent message" }),
  },
  {
    name: "create_refund",
    server: "stripe",
    description: "This tool will refund a payment intent in Stripe.",
    parameters: obj({ payment_intent: "The ID of the PaymentIntent to refund." }),
  },
  {
    name: "create_invoice",
    server: "stripe",
    description: "This tool will create an invoice in Stripe.",
    parameters: obj({ customer: "The ID of the customer" }),
  },
  {
    name: "get_current_time",
    server: "time",
    description: "Get current time in a specific timezone",
    parameters: obj({ timezone: "IANA timezone name" }),
  },
  {
    name: "maps_directions",
    server: "googlemaps",
    description: "Get directions between two points",
    parameters: obj({ origin: "Starting point", destination: "Ending point", mode: "Travel mode" }),
  },
  {
    name: "browser_navigate",
    server: "playwright",
    description: "Navigate to a URL",
    parameters: obj({ url: "The URL to navigate to" }),
  },
  {
    name: "browser_take_screenshot",
    server: "playwright",
    description: "Take a screenshot of the current page.",
    parameters: obj({ filename: "File name to save the screenshot to" }),
  },
  {
    name: "API-post-page",
    server: "notion",
    description: "Notion | Create a page",
    parameters: obj({ parent: "Parent page or database" }),
  },
  {
    name: "find",
    server: "mongodb",
    description: "Run a find query against a MongoDB collection",
    parameters: obj({ collection: "Collection name", filter: "The query filter" }),
  },
  {
    name: "execute_sql",
    server: "supabase",
    description: "Executes raw SQL in the Postgres database.",
    parameters: obj({ query: "The SQL query to execute" }),
  },
];
