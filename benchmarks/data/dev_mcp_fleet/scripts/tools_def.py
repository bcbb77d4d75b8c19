# Hand-written tool definitions for the dev_mcp_fleet registry.
# Each server's tools are written in that server author's own (uneven) style.

RO = {"readOnlyHint": True}
DX = {"destructiveHint": True}
NONE = {}


def S(t, d=None, **kw):
    o = {"type": t}
    if d:
        o["description"] = d
    o.update(kw)
    return o


def ARR(item_type="string", d=None, **kw):
    o = {"type": "array", "items": {"type": item_type}}
    if d:
        o["description"] = d
    o.update(kw)
    return o


def obj(props, required=()):
    return {"type": "object", "properties": props, "required": list(required)}


TOOLS = []


def T(server, name, desc, props, required=(), tags=(), ann=NONE):
    TOOLS.append({
        "name": f"{server}__{name}",
        "description": desc,
        "parameters": obj(props, required),
        "category": server,
        "tags": list(tags),
        "annotations": dict(ann),
    })


OWN = {"owner": S("string", "Repository owner (user or org)"), "repo": S("string", "Repository name")}

# ---------------------------------------------------------------- github (19)
g = "github"
T(g, "search_issues",
  "Search for issues and pull requests across GitHub repositories using GitHub's issue search syntax "
  "(e.g. `repo:owner/name is:open label:bug author:octocat`). Add `is:pr` or `is:issue` to narrow the type. "
  "Returns up to 100 results per page.",
  {"q": S("string", "Search query using GitHub issues search syntax"),
   "sort": S("string", enum=["comments", "reactions", "created", "updated"]),
   "order": S("string", enum=["asc", "desc"]),
   "per_page": S("integer", minimum=1, maximum=100), "page": S("integer", minimum=1)},
  ["q"], ["issues", "search"], RO)
T(g, "get_issue", "Get details of a specific issue in a GitHub repository.",
  {**OWN, "issue_number": S("integer", "The number of the issue")},
  ["owner", "repo", "issue_number"], ["issues"], RO)
T(g, "create_issue", "Create a new issue in a GitHub repository.",
  {**OWN, "title": S("string"), "body": S("string", "Issue body (markdown)"),
   "labels": ARR(), "assignees": ARR(d="GitHub usernames"), "milestone": S("integer")},
  ["owner", "repo", "title"], ["issues"])
T(g, "update_issue",
  "Update an existing issue in a GitHub repository: title, body, state (open/closed), state_reason, labels, assignees, milestone. "
  "Passing labels/assignees replaces the whole list.",
  {**OWN, "issue_number": S("integer"), "title": S("string"), "body": S("string"),
   "state": S("string", enum=["open", "closed"]),
   "state_reason": S("string", enum=["completed", "not_planned", "reopened"]),
   "labels": ARR(), "assignees": ARR(), "milestone": S("integer")},
  ["owner", "repo", "issue_number"], ["issues"])
T(g, "add_issue_comment",
  "Add a comment to a specific issue in a GitHub repository. Pull requests are issues in the REST API, so this also posts a "
  "top-level comment on a PR conversation. For line-level review comments use create_pull_request_review.",
  {**OWN, "issue_number": S("integer", "Issue or PR number"), "body": S("string", "Comment text (markdown)")},
  ["owner", "repo", "issue_number", "body"], ["issues", "pull-requests"])
T(g, "list_pull_requests", "List and filter repository pull requests",
  {**OWN, "state": S("string", enum=["open", "closed", "all"]),
   "head": S("string", "Filter by head user/org and branch, `user:ref-name`"),
   "base": S("string", "Filter by base branch name"),
   "sort": S("string", enum=["created", "updated", "popularity", "long-running"]),
   "direction": S("string", enum=["asc", "desc"]), "per_page": S("integer")},
  ["owner", "repo"], ["pull-requests"], RO)
T(g, "get_pull_request",
  "Get details of a specific pull request: title, body, author, head/base refs, mergeable state, review decision, and a summary "
  "of status checks.",
  {**OWN, "pull_number": S("integer")}, ["owner", "repo", "pull_number"], ["pull-requests"], RO)
T(g, "create_pull_request", "Create a new pull request in a GitHub repository.",
  {**OWN, "title": S("string"), "body": S("string"),
   "head": S("string", "The name of the branch where your changes are implemented"),
   "base": S("string", "The name of the branch you want the changes pulled into"),
   "draft": S("boolean")},
  ["owner", "repo", "title", "head", "base"], ["pull-requests"])
T(g, "merge_pull_request",
  "Merge a pull request. merge_method is one of merge | squash | rebase. Will fail with 405 if the PR isn't mergeable "
  "(required checks, branch protection, conflicts).",
  {**OWN, "pull_number": S("integer"), "merge_method": S("string", enum=["merge", "squash", "rebase"]),
   "commit_title": S("string"), "commit_message": S("string")},
  ["owner", "repo", "pull_number"], ["pull-requests"])
T(g, "get_pull_request_diff", "Get the diff of a pull request (unified format).",
  {**OWN, "pull_number": S("integer")}, ["owner", "repo", "pull_number"], ["pull-requests"], RO)
T(g, "create_pull_request_review",
  "Create a review on a pull request. event: APPROVE, REQUEST_CHANGES or COMMENT. Optional inline comments as "
  "[{path, line, body}] are attached to the diff.",
  {**OWN, "pull_number": S("integer"), "event": S("string", enum=["APPROVE", "REQUEST_CHANGES", "COMMENT"]),
   "body": S("string"),
   "comments": {"type": "array", "items": {"type": "object", "properties": {
       "path": S("string"), "line": S("integer"), "body": S("string")}}}},
  ["owner", "repo", "pull_number", "event"], ["pull-requests", "review"])
T(g, "search_code",
  "Search for code across GitHub repositories. Query uses GitHub code search syntax, e.g. "
  "`repo:acme/api language:go NewRetryPolicy` or `org:acme path:**/*.tf aws_s3_bucket`.",
  {"q": S("string"), "per_page": S("integer"), "page": S("integer")}, ["q"], ["code", "search"], RO)
T(g, "get_file_contents",
  "Get the contents of a file or directory from a GitHub repository",
  {**OWN, "path": S("string", "Path to file/directory"), "ref": S("string", "Branch, tag or commit SHA (default branch if omitted)")},
  ["owner", "repo", "path"], ["files"], RO)
T(g, "create_or_update_file",
  "Create or update a single file in a GitHub repository. Commits straight to `branch`. When updating, `sha` of the blob being "
  "replaced is required.",
  {**OWN, "path": S("string"), "content": S("string"), "message": S("string", "Commit message"),
   "branch": S("string"), "sha": S("string")},
  ["owner", "repo", "path", "content", "message", "branch"], ["files"])
T(g, "list_commits", "Get list of commits of a branch in a GitHub repository",
  {**OWN, "sha": S("string", "Branch name or SHA to start listing from"), "path": S("string", "Only commits touching this path"),
   "author": S("string"), "since": S("string", format="date-time"), "per_page": S("integer")},
  ["owner", "repo"], ["commits"], RO)
T(g, "create_branch", "Create a new branch in a GitHub repository",
  {**OWN, "branch": S("string", "Name for the new branch"),
   "from_branch": S("string", "Source branch (defaults to repo default)")},
  ["owner", "repo", "branch"], ["branches"])
T(g, "delete_branch", "Delete a branch (git ref). Unmerged commits on it become unreachable.",
  {**OWN, "branch": S("string")}, ["owner", "repo", "branch"], ["branches"], DX)
T(g, "list_workflow_runs",
  "List GitHub Actions workflow runs for a repository. Filter by workflow file name (e.g. ci.yml), branch, event, or status "
  "(queued, in_progress, completed, success, failure, cancelled).",
  {**OWN, "workflow_id": S("string", "Workflow file name or ID"), "branch": S("string"),
   "status": S("string"), "event": S("string"), "per_page": S("integer")},
  ["owner", "repo"], ["actions", "ci"], RO)
T(g, "rerun_workflow", "Re-run a workflow run. Set failed_only to re-run only the failed jobs.",
  {**OWN, "run_id": S("integer"), "failed_only": S("boolean", default=False)},
  ["owner", "repo", "run_id"], ["actions", "ci"])

# ---------------------------------------------------------------- jira (18)
j = "jira"
T(j, "search_issues",
  "Search Jira issues using JQL (Jira Query Language). Example: `project = PAY AND status = \"In Progress\" AND assignee = "
  "currentUser() ORDER BY updated DESC`.",
  {"jql": S("string", "JQL query string"), "fields": ARR(d="Fields to return, default: summary,status,assignee,priority"),
   "max_results": S("integer", default=50), "start_at": S("integer", default=0)},
  ["jql"], ["search"], RO)
T(j, "get_issue",
  "Get details of a specific Jira issue by key (e.g. PROJ-123) including its fields, status, assignee, subtasks, links and the "
  "latest comments.",
  {"issue_key": S("string", "Issue key, e.g. PROJ-123"), "expand": S("string", "Optional: renderedFields, changelog, transitions")},
  ["issue_key"], [], RO)
T(j, "create_issue",
  "Create a new Jira issue. issue_type is usually one of Bug, Task, Story, Epic, Sub-task (depends on the project's scheme). "
  "For a Sub-task, parent_key is required.",
  {"project_key": S("string"), "summary": S("string"), "issue_type": S("string"),
   "description": S("string", "Plain text or Atlassian wiki markup"), "priority": S("string", enum=["Highest", "High", "Medium", "Low", "Lowest"]),
   "assignee_account_id": S("string"), "labels": ARR(), "components": ARR(), "parent_key": S("string")},
  ["project_key", "summary", "issue_type"], [])
T(j, "update_issue",
  "Update fields on an existing issue (summary, description, priority, labels, components, fix versions, custom fields). "
  "Does NOT change status; use transition_issue for that.",
  {"issue_key": S("string"), "fields": S("object", "Map of field name -> new value"),
   "notify_users": S("boolean", default=True)},
  ["issue_key", "fields"], [])
T(j, "delete_issue", "Delete a Jira issue. Set delete_subtasks=true if it has subtasks. This cannot be undone.",
  {"issue_key": S("string"), "delete_subtasks": S("boolean", default=False)}, ["issue_key"], [], DX)
T(j, "add_comment", "Add a comment to a Jira issue",
  {"issue_key": S("string"), "body": S("string"),
   "visibility": S("object", "Optional restriction, e.g. {\"type\": \"role\", \"value\": \"Developers\"}")},
  ["issue_key", "body"], ["comments"])
T(j, "transition_issue",
  "Transition an issue to another workflow status (e.g. To Do -> In Progress -> In Review -> Done). Accepts a transition id "
  "or the target status name; optional resolution and comment.",
  {"issue_key": S("string"), "transition": S("string", "Transition id or target status name"),
   "resolution": S("string"), "comment": S("string")},
  ["issue_key", "transition"], ["workflow"])
T(j, "get_transitions", "Get available status transitions for an issue.",
  {"issue_key": S("string")}, ["issue_key"], ["workflow"], RO)
T(j, "assign_issue",
  "Assign an issue to a user. `assignee` may be an accountId, an email or a display name (resolved to an accountId; "
  "ambiguous names return an error listing the candidates). Use \"me\" for the current user, null to unassign.",
  {"issue_key": S("string"), "assignee": S(["string", "null"])}, ["issue_key", "assignee"], [])
T(j, "list_projects", "List all Jira projects visible to the current user.",
  {"query": S("string", "Filter by name/key substring")}, [], [], RO)
T(j, "link_issues",
  "Create an issue link between two issues. link_type examples: Blocks, Relates, Duplicate, Cloners.",
  {"link_type": S("string"), "inward_issue": S("string"), "outward_issue": S("string"), "comment": S("string")},
  ["link_type", "inward_issue", "outward_issue"], [])
T(j, "add_worklog", "Log work on an issue. time_spent in Jira duration format, e.g. '3h 30m' or '1d'.",
  {"issue_key": S("string"), "time_spent": S("string"), "started": S("string", format="date-time"), "comment": S("string")},
  ["issue_key", "time_spent"], ["time-tracking"])
T(j, "list_sprints", "List sprints for a Scrum board. state: active, future, closed (comma separated).",
  {"board_id": S("integer"), "state": S("string")}, ["board_id"], ["agile"], RO)
T(j, "get_sprint_issues", "Get all issues in a sprint",
  {"sprint_id": S("integer"), "jql": S("string", "Extra JQL filter"), "max_results": S("integer")},
  ["sprint_id"], ["agile"], RO)
T(j, "move_issues_to_sprint",
  "Move issues to a sprint. Max 50 issues per call (to send issues back to the backlog, use the board backlog instead).",
  {"sprint_id": S("integer"), "issue_keys": ARR()}, ["sprint_id", "issue_keys"], ["agile"])
T(j, "create_sprint", "Create a future sprint on a board.",
  {"board_id": S("integer"), "name": S("string"), "start_date": S("string", format="date-time"),
   "end_date": S("string", format="date-time"), "goal": S("string")},
  ["board_id", "name"], ["agile"])
T(j, "get_user",
  "Find users by display name or email address. Returns accountId (needed for assign_issue, JQL `assignee =`, mentions).",
  {"query": S("string")}, ["query"], ["users"], RO)
T(j, "add_attachment", "Attach a file to a Jira issue. Provide either content_base64 + filename or a url to download from.",
  {"issue_key": S("string"), "filename": S("string"), "content_base64": S("string"), "url": S("string")},
  ["issue_key"], ["attachments"])

# ---------------------------------------------------------------- slack (17)
s = "slack"
T(s, "search_messages",
  "Search for messages in the Slack workspace. Supports search modifiers: `in:#channel`, `from:@user`, `before:YYYY-MM-DD`, "
  "`after:`, `has:link`, `is:thread`.",
  {"query": S("string"), "sort": S("string", enum=["score", "timestamp"]), "count": S("integer", default=20)},
  ["query"], ["search"], RO)
T(s, "post_message",
  "Post a new message to a Slack channel. `channel` can be a channel ID, a #name, or a user ID to send a DM.",
  {"channel": S("string"), "text": S("string"), "blocks": ARR("object", "Optional Block Kit blocks"),
   "unfurl_links": S("boolean")},
  ["channel", "text"], ["messages"])
T(s, "reply_to_thread", "Reply to a specific message thread in Slack",
  {"channel_id": S("string"), "thread_ts": S("string", "Timestamp of the parent message, e.g. 1234567890.123456"),
   "text": S("string"), "reply_broadcast": S("boolean", "Also send to channel")},
  ["channel_id", "thread_ts", "text"], ["messages"])
T(s, "get_channel_history", "Get recent messages from a channel",
  {"channel_id": S("string"), "limit": S("integer", default=50), "oldest": S("string"), "latest": S("string")},
  ["channel_id"], ["messages"], RO)
T(s, "get_thread_replies", "Get all replies in a message thread",
  {"channel_id": S("string"), "thread_ts": S("string")}, ["channel_id", "thread_ts"], ["messages"], RO)
T(s, "list_channels", "List public or pre-defined channels in the workspace with pagination",
  {"limit": S("integer", default=100), "cursor": S("string"), "types": S("string", "public_channel,private_channel")},
  [], ["channels"], RO)
T(s, "create_channel",
  "Creates a channel. Names: lowercase letters, numbers, hyphens, underscores; max 80 chars. is_private for a private channel.",
  {"name": S("string"), "is_private": S("boolean", default=False), "team_id": S("string")},
  ["name"], ["channels"])
T(s, "archive_channel", "Archives a conversation.", {"channel_id": S("string")}, ["channel_id"], ["channels"], DX)
T(s, "invite_to_channel", "Invites users to a channel.",
  {"channel_id": S("string"), "user_ids": ARR(d="Up to 1000 user IDs")}, ["channel_id", "user_ids"], ["channels"])
T(s, "add_reaction", "Add a reaction emoji to a message",
  {"channel_id": S("string"), "timestamp": S("string"), "reaction": S("string", "Emoji name without colons")},
  ["channel_id", "timestamp", "reaction"], ["messages"])
T(s, "update_message", "Updates a message. Only messages posted by the authenticated bot/user can be edited.",
  {"channel_id": S("string"), "ts": S("string"), "text": S("string")}, ["channel_id", "ts", "text"], ["messages"])
T(s, "delete_message",
  "Deletes a message. With a bot token only the bot's own messages can be deleted; workspace admins with a user token can delete others'.",
  {"channel_id": S("string"), "ts": S("string")}, ["channel_id", "ts"], ["messages"], DX)
T(s, "get_user_profile", "Get detailed profile information for a specific user (title, status, timezone, email, phone)",
  {"user_id": S("string")}, ["user_id"], ["users"], RO)
T(s, "list_users", "Get a list of all users in the workspace with their basic profile information",
  {"limit": S("integer"), "cursor": S("string")}, [], ["users"], RO)
T(s, "set_channel_topic", "Sets the topic for a conversation.",
  {"channel_id": S("string"), "topic": S("string")}, ["channel_id", "topic"], ["channels"])
T(s, "schedule_message",
  "Schedules a message to be sent to a channel at a later time. post_at is a Unix timestamp (seconds), at most 120 days out.",
  {"channel": S("string"), "text": S("string"), "post_at": S("integer"), "thread_ts": S("string")},
  ["channel", "text", "post_at"], ["messages"])
T(s, "upload_file", "Upload a file (or a text snippet) and share it to channels.",
  {"channels": ARR(), "filename": S("string"), "content": S("string", "Text content for snippets"),
   "file_url": S("string", "URL to fetch the file from"), "initial_comment": S("string")},
  ["channels", "filename"], ["files"])

# ---------------------------------------------------------------- confluence (16)
c = "confluence"
T(c, "search",
  "Search Confluence content using CQL (Confluence Query Language) or plain text. Matches page titles, bodies, blog posts "
  "and attachments. Examples: `space = ENG AND text ~ \"runbook\"`, `title ~ \"postmortem\" AND created > now(\"-30d\")`. "
  "If the query doesn't look like CQL it's wrapped in `siteSearch ~ \"...\"`.",
  {"query": S("string"), "limit": S("integer", default=25), "spaces_filter": S("string", "Comma separated space keys")},
  ["query"], ["search"], RO)
T(c, "get_page",
  "Get content of a specific Confluence page by ID, or by space_key + title. Body is converted to markdown unless "
  "format=storage.",
  {"page_id": S("string"), "space_key": S("string"), "title": S("string"),
   "format": S("string", enum=["markdown", "storage"]), "include_metadata": S("boolean")},
  [], ["pages"], RO)
T(c, "create_page",
  "Create a new Confluence page in a space, optionally under a parent page. Content may be markdown or storage-format XHTML.",
  {"space_key": S("string"), "title": S("string"), "content": S("string"), "parent_id": S("string"),
   "content_format": S("string", enum=["markdown", "storage", "wiki"])},
  ["space_key", "title", "content"], ["pages"])
T(c, "update_page",
  "Update an existing Confluence page. version_number must be current version + 1 (optimistic locking); "
  "set is_minor_edit to skip watcher notifications.",
  {"page_id": S("string"), "title": S("string"), "content": S("string"), "version_number": S("integer"),
   "version_comment": S("string"), "is_minor_edit": S("boolean")},
  ["page_id", "title", "content", "version_number"], ["pages"])
T(c, "delete_page", "Delete a Confluence page (moves to trash; purge=true removes it permanently).",
  {"page_id": S("string"), "purge": S("boolean", default=False)}, ["page_id"], ["pages"], DX)
T(c, "list_spaces", "List spaces", {"type": S("string", enum=["global", "personal"]), "limit": S("integer")}, [], ["spaces"], RO)
T(c, "get_space", "Get a space by key (name, description, homepage id).",
  {"space_key": S("string")}, ["space_key"], ["spaces"], RO)
T(c, "get_page_children", "Get child pages of a specific Confluence page.",
  {"page_id": S("string"), "limit": S("integer")}, ["page_id"], ["pages"], RO)
T(c, "add_comment", "Add a comment to a Confluence page. parent_comment_id to reply to an existing comment.",
  {"page_id": S("string"), "content": S("string"), "parent_comment_id": S("string")},
  ["page_id", "content"], ["comments"])
T(c, "get_comments", "Get comments for a specific Confluence page (footer and inline).",
  {"page_id": S("string"), "location": S("string", enum=["footer", "inline", "all"])}, ["page_id"], ["comments"], RO)
T(c, "add_label", "Add one or more labels to a Confluence page.",
  {"page_id": S("string"), "labels": ARR()}, ["page_id", "labels"], ["labels"])
T(c, "get_page_history",
  "Version history of a page: version number, author, date and version message for each edit.",
  {"page_id": S("string"), "limit": S("integer")}, ["page_id"], ["pages", "versions"], RO)
T(c, "restore_page_version",
  "Restore a historical version of a page. This publishes a new version whose content is copied from version_number.",
  {"page_id": S("string"), "version_number": S("integer"), "message": S("string")},
  ["page_id", "version_number"], ["pages", "versions"])
T(c, "move_page", "Move a page under a new parent (same or different space).",
  {"page_id": S("string"), "target_parent_id": S("string"), "target_space_key": S("string")},
  ["page_id", "target_parent_id"], ["pages"])
T(c, "get_attachments", "List attachments on a page with download links",
  {"page_id": S("string"), "filename": S("string"), "media_type": S("string")}, ["page_id"], ["attachments"], RO)
T(c, "export_page_pdf",
  "Export a page to PDF (optionally including child pages). Returns a temporary download URL (valid ~1h).",
  {"page_id": S("string"), "include_children": S("boolean", default=False)}, ["page_id"], ["export"], RO)

# ---------------------------------------------------------------- pagerduty (17)
p = "pagerduty"
INCREF = S("string", "Incident ID (e.g. Q3RT5XG7UP2ABC) or incident number in the INC-12345 form")
T(p, "list_incidents",
  "List existing incidents. Filters: statuses[] (triggered, acknowledged, resolved), urgencies[], service_ids[], team_ids[], "
  "user_ids[], since/until (ISO8601). Defaults to the last 30 days.",
  {"statuses": ARR(), "urgencies": ARR(), "service_ids": ARR(), "team_ids": ARR(), "user_ids": ARR(),
   "since": S("string"), "until": S("string"), "limit": S("integer")},
  [], ["incidents"], RO)
T(p, "get_incident", "Show detailed information about an incident. Accepts either the incident ID or the incident number.",
  {"incident_id": INCREF}, ["incident_id"], ["incidents"], RO)
T(p, "create_incident",
  "Create (trigger) an incident on a service. The service's escalation policy decides who gets paged. "
  "urgency high|low; optional body details and incident_key for de-duplication.",
  {"service_id": S("string"), "title": S("string"), "urgency": S("string", enum=["high", "low"]),
   "details": S("string"), "incident_key": S("string"), "escalation_policy_id": S("string")},
  ["service_id", "title"], ["incidents"])
T(p, "acknowledge_incident", "Acknowledge one or more incidents. Stops escalation while you work on it.",
  {"incident_ids": ARR(d="IDs or INC numbers"), "from_email": S("string")}, ["incident_ids"], ["incidents"])
T(p, "resolve_incident", "Resolve one or more incidents.",
  {"incident_ids": ARR(), "resolution": S("string", "Optional resolution note")}, ["incident_ids"], ["incidents"])
T(p, "reassign_incident", "Reassign an incident to one or more users, or to an escalation policy.",
  {"incident_id": INCREF, "assignee_user_ids": ARR(d="PagerDuty user IDs (PXXXXXX) or login emails"),
   "escalation_policy_id": S("string")}, ["incident_id"], ["incidents"])
T(p, "add_incident_note",
  "Create a new note for the specified incident. Notes show up in the incident timeline and in the post-mortem export.",
  {"incident_id": INCREF, "content": S("string")}, ["incident_id", "content"], ["incidents", "notes"])
T(p, "list_oncalls",
  "List the on-call entries during a given time range. Filter by schedule_ids, escalation_policy_ids, user_ids. "
  "since/until default to now, i.e. who is on call right now.",
  {"schedule_ids": ARR(), "escalation_policy_ids": ARR(), "user_ids": ARR(), "since": S("string"), "until": S("string"),
   "earliest": S("boolean", "Only the earliest on-call per policy/level")},
  [], ["oncall"], RO)
T(p, "get_schedule",
  "Show detailed information about a schedule, including its rendered schedule entries (final layer) for a time range.",
  {"schedule_id": S("string"), "since": S("string"), "until": S("string"), "time_zone": S("string")},
  ["schedule_id"], ["oncall", "schedules"], RO)
T(p, "create_schedule_override",
  "Create an override for a specific user covering the specified time range on a schedule (shift swaps, cover for PTO).",
  {"schedule_id": S("string"), "user_id": S("string"), "start": S("string"), "end": S("string"), "time_zone": S("string")},
  ["schedule_id", "user_id", "start", "end"], ["oncall", "schedules"])
T(p, "list_services", "List existing services.", {"query": S("string"), "team_ids": ARR()}, [], ["services"], RO)
T(p, "get_service", "Get details about an existing service: escalation policy, integrations, urgency rules, status.",
  {"service_id": S("string")}, ["service_id"], ["services"], RO)
T(p, "list_escalation_policies", "List escalation policies",
  {"query": S("string"), "user_ids": ARR(), "team_ids": ARR()}, [], ["escalation"], RO)
T(p, "create_maintenance_window",
  "Create a new maintenance window for the specified services. No new incidents will be created for a service that is in "
  "maintenance.",
  {"service_ids": ARR(), "start_time": S("string"), "end_time": S("string"), "description": S("string")},
  ["service_ids", "start_time", "end_time"], ["maintenance"])
T(p, "merge_incidents",
  "Merge a list of source incidents into a target incident. Alerts are moved to the target and the source incidents are resolved.",
  {"target_incident_id": S("string"), "source_incident_ids": ARR()}, ["target_incident_id", "source_incident_ids"], ["incidents"])
T(p, "snooze_incident", "Snooze an acknowledged incident for `duration` seconds; it goes back to triggered afterwards.",
  {"incident_id": INCREF, "duration": S("integer")}, ["incident_id", "duration"], ["incidents"])
T(p, "list_incident_alerts", "List alerts for the specified incident.",
  {"incident_id": INCREF, "statuses": ARR()}, ["incident_id"], ["incidents", "alerts"], RO)

# ---------------------------------------------------------------- datadog (18)
d = "datadog"
T(d, "query_logs",
  "Search logs in Datadog. Uses the Datadog log search syntax, e.g. `service:checkout status:error @http.status_code:>=500 "
  "env:prod`. from/to accept relative times (now-15m) or ISO8601. Returns up to `limit` log events, newest first; "
  "set `aggregate` to get counts grouped by a facet instead.",
  {"query": S("string"), "from": S("string", default="now-15m"), "to": S("string", default="now"),
   "limit": S("integer", default=100), "indexes": ARR(), "aggregate": S("object", "e.g. {\"group_by\": \"@http.status_code\"}")},
  ["query"], ["logs"], RO)
T(d, "query_metrics", "Query timeseries points. query e.g. `avg:system.cpu.user{env:prod} by {host}`; from/to are unix seconds.",
  {"query": S("string"), "from": S("integer"), "to": S("integer")}, ["query", "from", "to"], ["metrics"], RO)
T(d, "search_spans",
  "Search APM spans. Filter like `service:checkout-api resource_name:\"POST /v1/charges\" @duration:>2s`. Useful to see where "
  "time goes across services for slow requests.",
  {"query": S("string"), "from": S("string"), "to": S("string"), "limit": S("integer")}, ["query"], ["apm", "traces"], RO)
T(d, "list_monitors", "Get all monitors; filter by name, tags, monitor_tags, or group_states (Alert, Warn, No Data, OK).",
  {"name": S("string"), "tags": S("string"), "monitor_tags": S("string"), "group_states": S("string")},
  [], ["monitors"], RO)
T(d, "get_monitor", "Get a monitor's details (query, thresholds, message, current overall_state).",
  {"monitor_id": S("integer"), "group_states": S("string")}, ["monitor_id"], ["monitors"], RO)
T(d, "create_monitor",
  "Create a monitor. type: `metric alert`, `query alert`, `log alert`, `service check`, `trace-analytics alert`, `slo alert`, "
  "`composite`. Put notification handles in `message` (@slack-<channel>, @pagerduty-<service>, @user@example.com).",
  {"name": S("string"), "type": S("string"), "query": S("string"), "message": S("string"),
   "tags": ARR(), "options": S("object", "thresholds, notify_no_data, renotify_interval, evaluation_delay ...")},
  ["name", "type", "query"], ["monitors"])
T(d, "update_monitor", "Edit the specified monitor (query, thresholds in options, message, tags, name).",
  {"monitor_id": S("integer"), "query": S("string"), "message": S("string"), "options": S("object"),
   "tags": ARR(), "name": S("string")},
  ["monitor_id"], ["monitors"])
T(d, "delete_monitor", "Delete the specified monitor.", {"monitor_id": S("integer"), "force": S("boolean")},
  ["monitor_id"], ["monitors"], DX)
T(d, "mute_monitor", "Mute a monitor, optionally only for one scope (e.g. host:db-2) and until a POSIX timestamp.",
  {"monitor_id": S("integer"), "scope": S("string"), "end": S("integer")}, ["monitor_id"], ["monitors"])
T(d, "create_downtime",
  "Schedule a downtime. Silences notifications from all monitors matching `scope` (and optionally monitor_tags) between "
  "start and end; supports recurrence. Use for planned maintenance.",
  {"scope": S("string", "e.g. env:prod,service:ledger-api"), "monitor_tags": ARR(), "monitor_id": S("integer"),
   "start": S("integer"), "end": S("integer"), "message": S("string"), "recurrence": S("object")},
  ["scope"], ["downtimes"])
T(d, "cancel_downtime", "Cancel a downtime.", {"downtime_id": S("string")}, ["downtime_id"], ["downtimes"])
T(d, "list_dashboards", "Get all dashboards", {"filter_shared": S("boolean")}, [], ["dashboards"], RO)
T(d, "get_dashboard", "Get a dashboard's definition: widgets, queries, template variables.",
  {"dashboard_id": S("string")}, ["dashboard_id"], ["dashboards"], RO)
T(d, "list_events",
  "Query the event stream between start and end (deploy markers, monitor alerts, config changes, integrations such as "
  "GitHub / AWS / Kubernetes).",
  {"start": S("integer"), "end": S("integer"), "tags": S("string"), "sources": S("string"), "priority": S("string")},
  ["start", "end"], ["events"], RO)
T(d, "post_event", "Post an event to the event stream (e.g. a deployment marker shown on graphs).",
  {"title": S("string"), "text": S("string"), "tags": ARR(), "alert_type": S("string", enum=["info", "warning", "error", "success"])},
  ["title", "text"], ["events"])
T(d, "list_hosts", "Search hosts reporting to Datadog: host name, tags, apps, agent version, last reported, muted/up status.",
  {"filter": S("string"), "include_muted_hosts_data": S("boolean"), "count": S("integer")}, [], ["infrastructure"], RO)
T(d, "list_incidents",
  "List incidents declared in Datadog Incident Management (severity SEV-1..SEV-5, state active/stable/resolved, commander).",
  {"query": S("string", "e.g. state:active severity:SEV-1"), "page_size": S("integer")}, [], ["incidents"], RO)
T(d, "get_slo", "Get an SLO and its history: status, error budget remaining, for the 7d / 30d / 90d windows.",
  {"slo_id": S("string"), "name": S("string"), "window": S("string", enum=["7d", "30d", "90d"])}, [], ["slo"], RO)

# ---------------------------------------------------------------- aws (19): S3 + EC2 + CloudWatch
a = "aws"
T(a, "list_buckets", "List all S3 buckets owned by the account.", {}, [], ["s3"], RO)
T(a, "list_objects",
  "List objects in an S3 bucket (ListObjectsV2). Use prefix / delimiter to browse \"folders\".",
  {"bucket": S("string"), "prefix": S("string"), "delimiter": S("string"), "max_keys": S("integer"),
   "continuation_token": S("string")},
  ["bucket"], ["s3"], RO)
T(a, "get_object",
  "Retrieve an object from S3. Text content (<1 MB) is returned inline, anything else as base64. Accepts bucket+key or an "
  "s3:// URI.",
  {"bucket": S("string"), "key": S("string"), "uri": S("string"), "version_id": S("string")}, [], ["s3"], RO)
T(a, "put_object", "Upload an object to S3 (PutObject).",
  {"bucket": S("string"), "key": S("string"), "body": S("string"), "content_type": S("string"),
   "body_base64": S("boolean")},
  ["bucket", "key", "body"], ["s3"])
T(a, "delete_object",
  "Delete an object from S3. On versioned buckets this creates a delete marker unless version_id is given, which removes "
  "that version permanently.",
  {"bucket": S("string"), "key": S("string"), "version_id": S("string")}, ["bucket", "key"], ["s3"], DX)
T(a, "presign_url", "Generate a presigned URL for an S3 object (GET by default, or PUT for uploads). Default expiry 3600 seconds.",
  {"bucket": S("string"), "key": S("string"), "method": S("string", enum=["GET", "PUT"]), "expires_in": S("integer")},
  ["bucket", "key"], ["s3"], RO)
T(a, "get_bucket_policy", "Returns the bucket policy of an S3 bucket.", {"bucket": S("string")}, ["bucket"], ["s3", "iam"], RO)
T(a, "describe_instances",
  "Describes EC2 instances. Filter with Name/Values pairs, e.g. instance-state-name=running, tag:Name=api-*, "
  "instance-type, vpc-id; or pass instance_ids directly.",
  {"instance_ids": ARR(), "filters": {"type": "array", "items": {"type": "object", "properties": {
      "Name": S("string"), "Values": ARR()}}}, "region": S("string")},
  [], ["ec2"], RO)
T(a, "start_instances", "Starts an Amazon EBS-backed instance that you've previously stopped.",
  {"instance_ids": ARR(), "region": S("string")}, ["instance_ids"], ["ec2"])
T(a, "stop_instances",
  "Stops an Amazon EBS-backed instance. You can start it again later; you're not billed for compute while stopped "
  "(EBS still billed). Data on instance store volumes is lost.",
  {"instance_ids": ARR(), "force": S("boolean"), "hibernate": S("boolean"), "region": S("string")},
  ["instance_ids"], ["ec2"])
T(a, "reboot_instances", "Requests a reboot of the specified instances.",
  {"instance_ids": ARR(), "region": S("string")}, ["instance_ids"], ["ec2"])
T(a, "terminate_instances",
  "Shuts down the specified instances permanently. Terminated instances cannot be started again; EBS volumes with "
  "DeleteOnTermination=true are deleted too.",
  {"instance_ids": ARR(), "region": S("string")}, ["instance_ids"], ["ec2"], DX)
T(a, "create_snapshot", "Creates a snapshot of an EBS volume.",
  {"volume_id": S("string"), "description": S("string"), "tags": S("object")}, ["volume_id"], ["ec2", "ebs", "backup"])
T(a, "describe_security_groups", "Describes security groups and their inbound (IpPermissions) / outbound rules.",
  {"group_ids": ARR(), "filters": ARR("object"), "region": S("string")}, [], ["ec2", "network"], RO)
T(a, "get_metric_data",
  "Get CloudWatch metric statistics (GetMetricData). namespace e.g. AWS/EC2, AWS/RDS, AWS/ApplicationELB, AWS/Lambda; "
  "metric_name, dimensions, stat (Average, Sum, p99, ...), period in seconds, start/end.",
  {"namespace": S("string"), "metric_name": S("string"), "dimensions": ARR("object"), "stat": S("string"),
   "period": S("integer"), "start_time": S("string"), "end_time": S("string")},
  ["namespace", "metric_name", "start_time", "end_time"], ["cloudwatch", "metrics"], RO)
T(a, "describe_alarms", "Describe CloudWatch alarms. Filter by state_value (OK | ALARM | INSUFFICIENT_DATA) or alarm_name_prefix.",
  {"state_value": S("string"), "alarm_name_prefix": S("string"), "alarm_names": ARR()}, [], ["cloudwatch", "alarms"], RO)
T(a, "put_metric_alarm", "Creates or updates a CloudWatch alarm and associates it with the specified metric.",
  {"alarm_name": S("string"), "namespace": S("string"), "metric_name": S("string"), "dimensions": ARR("object"),
   "statistic": S("string"), "period": S("integer"), "evaluation_periods": S("integer"), "threshold": S("number"),
   "comparison_operator": S("string"), "alarm_actions": ARR(d="SNS topic ARNs")},
  ["alarm_name", "namespace", "metric_name", "threshold", "comparison_operator", "evaluation_periods"],
  ["cloudwatch", "alarms"])
T(a, "get_log_events",
  "Read CloudWatch Logs. Give log_group_name plus either log_stream_name (GetLogEvents on one stream) or filter_pattern "
  "(FilterLogEvents across all streams in the group). start_time/end_time in epoch ms.",
  {"log_group_name": S("string"), "log_stream_name": S("string"), "filter_pattern": S("string"),
   "start_time": S("integer"), "end_time": S("integer"), "limit": S("integer")},
  ["log_group_name"], ["cloudwatch", "logs"], RO)
T(a, "start_logs_query",
  "Run a CloudWatch Logs Insights query over one or more log groups and wait for results. For aggregations: "
  "`fields @timestamp, @message | filter @message like /ERROR/ | stats count() by bin(5m)`.",
  {"log_group_names": ARR(), "query_string": S("string"), "start_time": S("integer"), "end_time": S("integer"),
   "limit": S("integer")},
  ["log_group_names", "query_string", "start_time", "end_time"], ["cloudwatch", "logs"], RO)

# ---------------------------------------------------------------- stripe (18)
st = "stripe"
T(st, "search_customers",
  "Search customers with the Stripe search query language, e.g. `email:'ana@example.com'` or "
  "`name~'Lumen' AND metadata['org_id']:'881'`.",
  {"query": S("string"), "limit": S("integer")}, ["query"], ["customers"], RO)
T(st, "get_customer", "Retrieves a Customer object (cus_...).", {"customer_id": S("string")}, ["customer_id"], ["customers"], RO)
T(st, "create_customer", "This tool will create a customer in Stripe.",
  {"email": S("string"), "name": S("string"), "description": S("string"), "metadata": S("object")}, [], ["customers"])
T(st, "update_customer", "Updates a customer: email, name, address, default payment method, tax ids, metadata, coupon.",
  {"customer_id": S("string"), "email": S("string"), "name": S("string"), "invoice_settings": S("object"),
   "metadata": S("object")},
  ["customer_id"], ["customers"])
T(st, "list_charges",
  "This tool will fetch a list of Charges from Stripe. Filter by customer, payment_intent, or created range.",
  {"customer": S("string"), "payment_intent": S("string"), "created_gte": S("integer"), "created_lte": S("integer"),
   "limit": S("integer")},
  [], ["payments"], RO)
T(st, "get_charge",
  "Retrieves a charge (ch_...) with outcome (network_status, risk_level, seller_message), failure_code / failure_message, "
  "refunds and dispute if any.",
  {"charge_id": S("string")}, ["charge_id"], ["payments"], RO)
T(st, "create_refund",
  "This tool will refund a payment intent or charge in Stripe. Omit amount for a full refund; amount is in the smallest "
  "currency unit. Succeeded refunds cannot be reversed.",
  {"charge": S("string"), "payment_intent": S("string"), "amount": S("integer"),
   "reason": S("string", enum=["duplicate", "fraudulent", "requested_by_customer"])},
  [], ["payments", "refunds"], DX)
T(st, "list_invoices", "List invoices, optionally for a customer / subscription / status (draft, open, paid, uncollectible, void).",
  {"customer": S("string"), "subscription": S("string"), "status": S("string"), "limit": S("integer")},
  [], ["billing", "invoices"], RO)
T(st, "get_invoice", "Retrieve an invoice (in_...) with lines.", {"invoice_id": S("string")}, ["invoice_id"], ["billing", "invoices"], RO)
T(st, "create_invoice", "This tool will create a draft invoice for a customer. Pending invoice items are pulled in automatically.",
  {"customer": S("string"), "days_until_due": S("integer"), "collection_method": S("string"),
   "description": S("string"), "auto_advance": S("boolean")},
  ["customer"], ["billing", "invoices"])
T(st, "void_invoice",
  "Mark a finalized invoice as void. This cannot be undone. Voiding is similar to deletion but keeps a papertrail.",
  {"invoice_id": S("string")}, ["invoice_id"], ["billing", "invoices"], DX)
T(st, "list_subscriptions", "List subscriptions, filter by customer, price, or status (active, past_due, canceled, trialing, all).",
  {"customer": S("string"), "price": S("string"), "status": S("string"), "limit": S("integer")},
  [], ["billing", "subscriptions"], RO)
T(st, "update_subscription",
  "Update a subscription: swap price / plan (items), quantity, apply a coupon or promotion code, trial_end, "
  "proration_behavior (create_prorations | none | always_invoice).",
  {"subscription_id": S("string"), "items": ARR("object"), "coupon": S("string"), "trial_end": S("string"),
   "proration_behavior": S("string"), "cancel_at_period_end": S("boolean")},
  ["subscription_id"], ["billing", "subscriptions"])
T(st, "cancel_subscription",
  "Cancels a customer's subscription immediately (with optional prorated credit / final invoice). "
  "To cancel at period end use update_subscription with cancel_at_period_end instead.",
  {"subscription_id": S("string"), "invoice_now": S("boolean"), "prorate": S("boolean"),
   "cancellation_details": S("object")},
  ["subscription_id"], ["billing", "subscriptions"], DX)
T(st, "list_disputes", "List disputes (chargebacks). status: warning_needs_response, needs_response, under_review, won, lost.",
  {"status": S("string"), "charge": S("string"), "limit": S("integer")}, [], ["disputes"], RO)
T(st, "create_coupon", "Create a coupon. percent_off or amount_off (+currency); duration once | repeating (duration_in_months) | forever.",
  {"percent_off": S("number"), "amount_off": S("integer"), "currency": S("string"), "duration": S("string"),
   "duration_in_months": S("integer"), "name": S("string"), "max_redemptions": S("integer")},
  ["duration"], ["billing", "coupons"])
T(st, "get_balance", "Retrieve the balance for the Stripe account: available and pending amounts per currency.", {}, [], ["balance"], RO)
T(st, "list_payouts", "Returns a list of payouts sent to your bank account (arrival_date, amount, status).",
  {"status": S("string"), "arrival_date_gte": S("integer"), "limit": S("integer")}, [], ["balance", "payouts"], RO)

# ---------------------------------------------------------------- postgres (16)
pg = "postgres"
DB = {"database": S("string", "Connection alias, e.g. prod, prod-replica, staging")}
T(pg, "query",
  "Run a read-only SQL query. The statement is executed inside a READ ONLY transaction, so INSERT/UPDATE/DDL will fail.",
  {**DB, "sql": S("string"), "params": ARR(), "max_rows": S("integer", default=500)},
  ["sql"], ["sql"], RO)
T(pg, "execute",
  "Execute a SQL statement that modifies data or schema (INSERT / UPDATE / DELETE / ALTER / CREATE ...). Autocommit. "
  "Returns rows affected.",
  {**DB, "sql": S("string"), "params": ARR()}, ["sql"], ["sql", "write"], DX)
T(pg, "list_schemas", "List schemas in the database", {**DB}, [], ["schema"], RO)
T(pg, "list_tables", "List tables in a schema (default public) with estimated row counts.",
  {**DB, "schema": S("string", default="public")}, [], ["schema"], RO)
T(pg, "describe_table",
  "Describe a table: columns, data types, nullability, defaults, primary/foreign keys, check constraints and indexes.",
  {**DB, "table": S("string"), "schema": S("string")}, ["table"], ["schema"], RO)
T(pg, "explain_query",
  "EXPLAIN a query and return the plan. analyze=true runs EXPLAIN (ANALYZE, BUFFERS), which actually executes the statement "
  "(wrapped in a rolled-back transaction).",
  {**DB, "sql": S("string"), "analyze": S("boolean", default=False), "format": S("string", enum=["text", "json"])},
  ["sql"], ["performance"], RO)
T(pg, "list_indexes", "List indexes with size, definition, idx_scan count (pg_stat_user_indexes). Handy to spot unused indexes.",
  {**DB, "table": S("string"), "schema": S("string")}, [], ["performance", "indexes"], RO)
T(pg, "create_index",
  "CREATE INDEX CONCURRENTLY on a table. Doesn't block writes but can't run inside a transaction and takes longer.",
  {**DB, "table": S("string"), "columns": ARR(), "name": S("string"), "unique": S("boolean"),
   "where": S("string", "Partial index predicate"), "method": S("string", enum=["btree", "gin", "gist", "brin", "hash"])},
  ["table", "columns"], ["indexes"])
T(pg, "drop_table", "DROP TABLE. cascade=true also drops dependent views / FKs.",
  {**DB, "table": S("string"), "schema": S("string"), "if_exists": S("boolean", default=True), "cascade": S("boolean", default=False)},
  ["table"], ["schema", "write"], DX)
T(pg, "list_active_queries",
  "List current sessions from pg_stat_activity: pid, usename, application_name, state, wait_event, query, runtime. "
  "Idle sessions excluded unless include_idle.",
  {**DB, "min_duration_ms": S("integer"), "include_idle": S("boolean", default=False)}, [], ["performance", "activity"], RO)
T(pg, "terminate_backend",
  "Cancel or kill a backend by pid. mode=cancel -> pg_cancel_backend (stops the current query only); "
  "mode=terminate -> pg_terminate_backend (closes the connection, rolls back its transaction).",
  {**DB, "pid": S("integer"), "mode": S("string", enum=["cancel", "terminate"], default="cancel")},
  ["pid"], ["activity"], DX)
T(pg, "get_table_stats",
  "Table size (heap, toast, indexes), n_live_tup / n_dead_tup, seq_scan vs idx_scan, last (auto)vacuum and (auto)analyze.",
  {**DB, "table": S("string"), "schema": S("string")}, ["table"], ["performance", "maintenance"], RO)
T(pg, "list_slow_queries",
  "Top statements from pg_stat_statements ordered by total_exec_time (or mean_exec_time / calls).",
  {**DB, "order_by": S("string", enum=["total_exec_time", "mean_exec_time", "calls"]), "limit": S("integer", default=20)},
  [], ["performance"], RO)
T(pg, "vacuum_analyze", "Run VACUUM (ANALYZE) on a table. full=true does VACUUM FULL, which rewrites the table under an ACCESS EXCLUSIVE lock.",
  {**DB, "table": S("string"), "full": S("boolean", default=False)}, ["table"], ["maintenance"])
T(pg, "list_locks", "Show blocked and blocking sessions (pg_locks joined with pg_stat_activity): lock mode, relation, waiting time.",
  {**DB}, [], ["performance", "locks"], RO)
T(pg, "get_replication_status",
  "Streaming replication status from the primary: per replica write/flush/replay lag (pg_stat_replication) and replication "
  "slots with retained WAL.",
  {**DB}, [], ["replication"], RO)

# ---------------------------------------------------------------- google_calendar (16)
gc = "google_calendar"
CAL = {"calendar_id": S("string", "Calendar ID, 'primary' for the user's main calendar", default="primary")}
T(gc, "list_events", "List events from a calendar between time_min and time_max (RFC3339). Recurring events are expanded.",
  {**CAL, "time_min": S("string"), "time_max": S("string"), "max_results": S("integer")}, [], ["events"], RO)
T(gc, "get_event", "Get a single event by ID.", {**CAL, "event_id": S("string")}, ["event_id"], ["events"], RO)
T(gc, "create_event",
  "Create a calendar event. Attendees receive an invitation email. Set add_meet_link=true to attach a Google Meet "
  "conference. Supports RRULE recurrence.",
  {**CAL, "summary": S("string"), "start": S("string"), "end": S("string"), "time_zone": S("string"),
   "attendees": ARR(d="Email addresses"), "description": S("string"), "location": S("string"),
   "recurrence": ARR(), "add_meet_link": S("boolean")},
  ["summary", "start", "end"], ["events"])
T(gc, "update_event", "Update an existing event (patch). Change time, title, description, location, recurrence.",
  {**CAL, "event_id": S("string"), "summary": S("string"), "start": S("string"), "end": S("string"),
   "description": S("string"), "location": S("string"), "send_updates": S("string", enum=["all", "externalOnly", "none"])},
  ["event_id"], ["events"])
T(gc, "delete_event", "Delete an event. send_updates controls whether guests get a cancellation email.",
  {**CAL, "event_id": S("string"), "send_updates": S("string", enum=["all", "externalOnly", "none"])},
  ["event_id"], ["events"], DX)
T(gc, "quick_add", "Creates an event based on a simple text string, e.g. \"Lunch with Ana tomorrow 12:30-13:15\".",
  {**CAL, "text": S("string")}, ["text"], ["events"])
T(gc, "find_free_slots",
  "Query free/busy information for a list of calendars (people) and return common free slots of at least `duration_minutes` "
  "inside the given window, respecting working hours.",
  {"emails": ARR(), "time_min": S("string"), "time_max": S("string"), "duration_minutes": S("integer"),
   "working_hours_only": S("boolean", default=True)},
  ["emails", "time_min", "time_max", "duration_minutes"], ["scheduling"], RO)
T(gc, "list_calendars", "List all calendars the user has access to.", {}, [], ["calendars"], RO)
T(gc, "respond_to_event", "RSVP to an event you were invited to: accepted, declined or tentative, with an optional note.",
  {**CAL, "event_id": S("string"), "response": S("string", enum=["accepted", "declined", "tentative"]), "comment": S("string")},
  ["event_id", "response"], ["events"])
T(gc, "add_attendees", "Add guests to an existing event and notify them.",
  {**CAL, "event_id": S("string"), "emails": ARR(), "optional": S("boolean")}, ["event_id", "emails"], ["events"])
T(gc, "search_events", "Free text search for events (matches summary, description, location, attendee names/emails).",
  {**CAL, "q": S("string"), "time_min": S("string"), "time_max": S("string")}, ["q"], ["events", "search"], RO)
T(gc, "move_event", "Move an event to another calendar. Changes the organizer.",
  {"event_id": S("string"), "source_calendar_id": S("string"), "destination_calendar_id": S("string")},
  ["event_id", "source_calendar_id", "destination_calendar_id"], ["events"])
T(gc, "create_calendar", "Create a secondary calendar.",
  {"summary": S("string"), "description": S("string"), "time_zone": S("string")}, ["summary"], ["calendars"])
T(gc, "set_out_of_office",
  "Add an Out of office entry for a date range. New and existing invitations in that range are declined automatically "
  "with the given message.",
  {"start": S("string"), "end": S("string"), "decline_message": S("string"), "summary": S("string", default="Out of office")},
  ["start", "end"], ["events", "ooo"])
T(gc, "list_event_instances", "Returns instances of the specified recurring event.",
  {**CAL, "event_id": S("string"), "time_min": S("string"), "time_max": S("string")}, ["event_id"], ["events"], RO)
T(gc, "share_calendar", "Share a calendar: create an ACL rule. role: freeBusyReader, reader, writer, owner.",
  {**CAL, "email": S("string"), "role": S("string", enum=["freeBusyReader", "reader", "writer", "owner"])},
  ["calendar_id", "email", "role"], ["calendars", "acl"])
