# -*- coding: utf-8 -*-
"""Writes tools.jsonl for the held-out MCP workspace registry (11 servers)."""
import json, os

OUT = os.path.join(os.path.dirname(__file__), "..", "tools.jsonl")
TOOLS = []


def P(typ, desc=None, **kw):
    d = {"type": typ}
    if desc:
        d["description"] = desc
    d.update(kw)
    return d


def S(desc=None, **kw):
    return P("string", desc, **kw)


def I(desc=None, **kw):
    return P("integer", desc, **kw)


def B(desc=None, **kw):
    return P("boolean", desc, **kw)


def A(items, desc=None):
    return P("array", desc, items=items)


def O(desc=None, **kw):
    return P("object", desc, **kw)


def T(server, tool, desc, props, required=(), tags=(), ann=None):
    TOOLS.append({
        "name": f"{server}__{tool}",
        "description": desc,
        "parameters": {"type": "object", "properties": props, "required": list(required)},
        "category": server,
        "tags": list(tags),
        "annotations": ann or {},
    })


RO = {"readOnlyHint": True}
DX = {"destructiveHint": True}

# ---------------------------------------------------------------- gitlab (18)
g = "gitlab"
PID = S("Project ID or URL-encoded path, e.g. `platform%2Fapi`")
T(g, "search_projects", "Search for GitLab projects by name or path. Returns id, path_with_namespace, default_branch and web_url.",
  {"search": S("Search string"), "membership": B("Limit to projects the user is a member of"), "per_page": I(default=20)},
  ["search"], ["projects"], RO)
T(g, "list_issues", "List issues in a project. Filter by state (opened/closed/all), labels (comma-separated), assignee_username, milestone, search.",
  {"project_id": PID, "state": S(enum=["opened", "closed", "all"]), "labels": S(), "assignee_username": S(), "milestone": S(),
   "search": S("Search title and description"), "per_page": I()},
  ["project_id"], ["issues"], RO)
T(g, "get_issue", "Get a single project issue by IID.",
  {"project_id": PID, "issue_iid": I("The internal ID of the issue (the #number)")}, ["project_id", "issue_iid"], ["issues"], RO)
T(g, "create_issue", "Create a new issue in a GitLab project.",
  {"project_id": PID, "title": S(), "description": S("Markdown"), "labels": S("Comma-separated label names"),
   "assignee_ids": A(I()), "milestone_id": I(), "confidential": B(), "due_date": S("YYYY-MM-DD")},
  ["project_id", "title"], ["issues"])
T(g, "update_issue", "Update an existing issue: title, description, add_labels/remove_labels, assignee_ids, milestone_id, due_date, or state_event (`close` | `reopen`).",
  {"project_id": PID, "issue_iid": I(), "title": S(), "description": S(), "add_labels": S(), "remove_labels": S(),
   "assignee_ids": A(I()), "milestone_id": I(), "due_date": S(), "state_event": S(enum=["close", "reopen"])},
  ["project_id", "issue_iid"], ["issues"])
T(g, "create_issue_note", "Add a comment (note) to an issue.",
  {"project_id": PID, "issue_iid": I(), "body": S("Markdown body"), "internal": B("Internal note, visible to project members only")},
  ["project_id", "issue_iid", "body"], ["issues", "comments"])
T(g, "list_merge_requests", "List merge requests for a project. Filter by state (opened, merged, closed, locked), author_username, reviewer_username, source_branch, target_branch, labels.",
  {"project_id": PID, "state": S(enum=["opened", "merged", "closed", "locked", "all"]), "author_username": S(),
   "reviewer_username": S(), "source_branch": S(), "target_branch": S(), "labels": S(), "per_page": I()},
  ["project_id"], ["merge_requests"], RO)
T(g, "get_merge_request", "Get details of a merge request: title, description, state, head pipeline status, approvals, merge_status, has_conflicts. Identify it by `merge_request_iid` (the `!123` number) or `source_branch`.",
  {"project_id": PID, "merge_request_iid": I(), "source_branch": S()}, ["project_id"], ["merge_requests"], RO)
T(g, "get_merge_request_diffs", "Get the changes (files + unified diffs) of a merge request. Large MRs are paginated; `view=inline`.",
  {"project_id": PID, "merge_request_iid": I(), "page": I(), "per_page": I()}, ["project_id", "merge_request_iid"], ["merge_requests", "diff"], RO)
T(g, "create_merge_request", "Open a new merge request from source_branch into target_branch.",
  {"project_id": PID, "source_branch": S(), "target_branch": S(), "title": S(), "description": S(),
   "draft": B(), "reviewer_ids": A(I()), "remove_source_branch": B(), "squash": B()},
  ["project_id", "source_branch", "target_branch", "title"], ["merge_requests"])
T(g, "create_merge_request_note", "Post a comment on a merge request. Pass `position` (base_sha/head_sha/start_sha, new_path, new_line) to attach it to a diff line and start a discussion thread; otherwise it's a general comment on the MR overview.",
  {"project_id": PID, "merge_request_iid": I(), "body": S(), "position": O("Diff position for inline comments")},
  ["project_id", "merge_request_iid", "body"], ["merge_requests", "comments", "review"])
T(g, "merge_merge_request", "Accept (merge) a merge request. Options: squash, should_remove_source_branch, merge_when_pipeline_succeeds (auto-merge), sha (guard against concurrent pushes).",
  {"project_id": PID, "merge_request_iid": I(), "squash": B(), "should_remove_source_branch": B(),
   "merge_when_pipeline_succeeds": B(), "merge_commit_message": S(), "sha": S()},
  ["project_id", "merge_request_iid"], ["merge_requests"])
T(g, "get_file_contents", "Get the contents of a file or directory listing from a project repository at a ref (branch, tag or commit SHA).",
  {"project_id": PID, "file_path": S(), "ref": S(default="HEAD")}, ["project_id", "file_path"], ["repository"], RO)
T(g, "create_or_update_file", "Create or update a single file in the repository. Commits directly to `branch` (which must exist unless start_branch is given).",
  {"project_id": PID, "file_path": S(), "branch": S(), "content": S(), "commit_message": S(), "start_branch": S(),
   "encoding": S(enum=["text", "base64"])},
  ["project_id", "file_path", "branch", "content", "commit_message"], ["repository", "commits"])
T(g, "create_branch", "Create a new branch in the repository from `ref`.",
  {"project_id": PID, "branch": S(), "ref": S("Branch name or commit SHA to create from")}, ["project_id", "branch", "ref"], ["repository"])
T(g, "delete_branch", "Delete a branch from the repository. Protected branches can't be deleted through this endpoint.",
  {"project_id": PID, "branch": S()}, ["project_id", "branch"], ["repository"], DX)
T(g, "list_pipelines", "List CI/CD pipelines of a project, newest first. Filter by ref, status (created, pending, running, success, failed, canceled, skipped), source, username.",
  {"project_id": PID, "ref": S(), "status": S(), "source": S(), "username": S(), "per_page": I()}, ["project_id"], ["ci"], RO)
T(g, "get_job_log", "Fetch the trace (log output) of a CI job by job_id. Traces of big jobs can be several MB; use tail_lines.",
  {"project_id": PID, "job_id": I(), "tail_lines": I(default=500)}, ["project_id", "job_id"], ["ci"], RO)

# ---------------------------------------------------------------- linear (17)
l = "linear"
T(l, "search_issues", "Search issues across the workspace with a text query and optional filters (team, state, assignee, label, priority, cycle, project). Identifiers look like `ENG-123`.",
  {"query": S(), "teamId": S(), "state": S(), "assigneeId": S(), "label": S(), "priority": I(), "cycleId": S(), "projectId": S(), "first": I(default=25)},
  [], ["issues", "search"], RO)
T(l, "get_issue", "Retrieve an issue by UUID or identifier (e.g. `ENG-123`), including description, workflow state, assignee, labels, parent, sub-issues, relations and attachments.",
  {"id": S()}, ["id"], ["issues"], RO)
T(l, "create_issue", "Creates a new Linear issue. `teamId` is required — call list_teams if you don't have it. Priority: 0 = No priority, 1 = Urgent, 2 = High, 3 = Medium, 4 = Low. Description is markdown. Set `parentId` to create a sub-issue.",
  {"teamId": S(), "title": S(), "description": S(), "priority": I(), "assigneeId": S(), "labelIds": A(S()), "stateId": S(),
   "projectId": S(), "cycleId": S(), "estimate": I(), "dueDate": S(), "parentId": S()},
  ["teamId", "title"], ["issues"])
T(l, "update_issue", "Update an issue — title, description, stateId (move across the workflow, e.g. to Done), assigneeId, priority, estimate, labelIds, cycleId, projectId, dueDate.",
  {"id": S("UUID or identifier"), "title": S(), "description": S(), "stateId": S(), "assigneeId": S(), "priority": I(),
   "estimate": I(), "labelIds": A(S()), "cycleId": S(), "projectId": S(), "dueDate": S()},
  ["id"], ["issues"])
T(l, "create_comment", "Add a comment to an issue. Body supports markdown and @mentions.",
  {"issueId": S(), "body": S(), "parentId": S("Reply to a comment thread")}, ["issueId", "body"], ["comments"])
T(l, "list_teams", "List all teams (id, key, name).", {}, [], ["teams"], RO)
T(l, "list_projects", "List projects. Optional filter by team or project status.",
  {"teamId": S(), "state": S(), "first": I()}, [], ["projects"], RO)
T(l, "get_project", "Get a project: description, lead, members, status, startDate/targetDate, progress %, milestones and latest project update.",
  {"id": S()}, ["id"], ["projects"], RO)
T(l, "create_project", "Create a project. Requires a name and at least one team id.",
  {"name": S(), "teamIds": A(S()), "description": S(), "leadId": S(), "startDate": S(), "targetDate": S(), "state": S()},
  ["name", "teamIds"], ["projects"])
T(l, "update_project", "Update a project's name, description, lead, state (planned/started/paused/completed/canceled) or dates.",
  {"id": S(), "name": S(), "description": S(), "leadId": S(), "state": S(), "targetDate": S()}, ["id"], ["projects"])
T(l, "list_cycles", "List cycles for a team. type=current returns the active cycle, type=next/previous likewise.",
  {"teamId": S(), "type": S(enum=["current", "next", "previous", "all"])}, ["teamId"], ["cycles"], RO)
T(l, "list_issue_labels", "List issue labels (workspace-wide and team-scoped).", {"teamId": S()}, [], ["labels"], RO)
T(l, "list_users", "List users in the workspace. Optional name or email filter.", {"query": S()}, [], ["users"], RO)
T(l, "list_my_issues", "Issues assigned to the authenticated user, ordered by last update.",
  {"includeCompleted": B(default=False), "first": I()}, [], ["issues"], RO)
T(l, "archive_issue", "Archive an issue. Archived issues are hidden from views and search but can be restored.",
  {"id": S()}, ["id"], ["issues"])
T(l, "delete_issue", "Delete an issue (moves it to trash; permanently removed after 30 days).", {"id": S()}, ["id"], ["issues"], DX)
T(l, "link_url_to_issue", "Attach a URL to an issue as a link attachment (Sentry issue, Figma file, Zendesk ticket, PR...). Linear unfurls known integrations.",
  {"issueId": S(), "url": S(), "title": S()}, ["issueId", "url"], ["attachments"])

# ---------------------------------------------------------------- notion (16)
n = "notion"
T(n, "search", "Search pages and databases shared with the integration by title. `filter.value`: `page` or `database`. Results are title matches, not a full-text search.",
  {"query": S(), "filter": O(properties={"property": S(), "value": S()}), "sort": O(), "page_size": I()}, [], ["search"], RO)
T(n, "get_page", "Retrieve a page object: its properties (title, status, people, dates...). Does NOT return page content — use get_block_children for that.",
  {"page_id": S()}, ["page_id"], ["pages"], RO)
T(n, "get_block_children", "Returns a paginated list of child blocks of a block or page (max 100). This is how you read a page's body.",
  {"block_id": S(), "start_cursor": S(), "page_size": I()}, ["block_id"], ["blocks"], RO)
T(n, "create_page", "Creates a new page as a child of an existing page or as a row in a database. If the parent is a database, `properties` must conform to its schema. Page content can be passed as `children` (array of block objects).",
  {"parent": O("{page_id} or {database_id}"), "properties": O(), "children": A(O()), "icon": O(), "cover": O()},
  ["parent", "properties"], ["pages"])
T(n, "update_page_properties", "Update a page's property values (e.g. Status, Owner, Due date), icon or cover.",
  {"page_id": S(), "properties": O(), "icon": O(), "cover": O()}, ["page_id", "properties"], ["pages"])
T(n, "append_block_children", "Append new children blocks (paragraph, heading_1..3, to_do, bulleted_list_item, numbered_list_item, code, callout, table...) to the end of a block or page.",
  {"block_id": S(), "children": A(O())}, ["block_id", "children"], ["blocks"])
T(n, "update_block", "Update the content of an existing block — change a paragraph's rich_text, check/uncheck a to_do, change a code block's language.",
  {"block_id": S(), "block": O()}, ["block_id", "block"], ["blocks"])
T(n, "delete_block", "Sets a block's archived flag to true.", {"block_id": S()}, ["block_id"], ["blocks"], DX)
T(n, "archive_page", "Move a page to the trash (archived: true).", {"page_id": S()}, ["page_id"], ["pages"])
T(n, "query_database", "Query a database: returns pages (rows) matching `filter`, ordered by `sorts`. Filter syntax: {property, select: {equals}}, compound and/or.",
  {"database_id": S(), "filter": O(), "sorts": A(O()), "page_size": I(), "start_cursor": S()}, ["database_id"], ["databases"], RO)
T(n, "get_database", "Retrieve a database object — title, property schema (names, types, select/multi-select options).",
  {"database_id": S()}, ["database_id"], ["databases"], RO)
T(n, "create_database", "Create a database as a subpage of a parent page, with the given property schema.",
  {"parent": O(), "title": A(O()), "properties": O(), "is_inline": B()}, ["parent", "title", "properties"], ["databases"])
T(n, "create_comment", "Create a comment on a page, or reply in an existing discussion thread (discussion_id).",
  {"parent": O("{page_id}"), "discussion_id": S(), "rich_text": A(O())}, ["rich_text"], ["comments"])
T(n, "list_comments", "List un-resolved comments from a page or block.", {"block_id": S(), "page_size": I()}, ["block_id"], ["comments"], RO)
T(n, "list_users", "List all users of the workspace, people and bots.", {"page_size": I(), "start_cursor": S()}, [], ["users"], RO)
T(n, "duplicate_page", "Duplicate a page including its content, under the same parent or a different parent page. Handy for templates.",
  {"page_id": S(), "new_parent_id": S(), "title": S()}, ["page_id"], ["pages"])

# ---------------------------------------------------------------- feishu (18) — descriptions in Chinese
f = "feishu"
T(f, "send_message", "发送消息给用户或群聊。receive_id_type 可选 open_id / user_id / union_id / email / chat_id；msg_type 支持 text、post（富文本）、interactive（消息卡片）、image、file。content 为 JSON 字符串，例如 {\"text\":\"hello\"}。",
  {"receive_id_type": S(enum=["open_id", "user_id", "union_id", "email", "chat_id"]), "receive_id": S("接收者 ID"),
   "msg_type": S(enum=["text", "post", "interactive", "image", "file"]), "content": S("消息内容 JSON 字符串")},
  ["receive_id_type", "receive_id", "msg_type", "content"], ["消息", "IM"])
T(f, "reply_message", "回复指定消息。message_id 以 om_ 开头；reply_in_thread=true 时以话题形式回复。",
  {"message_id": S(), "msg_type": S(), "content": S(), "reply_in_thread": B()}, ["message_id", "msg_type", "content"], ["消息", "IM"])
T(f, "recall_message", "撤回机器人发送的消息。仅能撤回 24 小时内发送的消息（租户管理员可配置）。",
  {"message_id": S()}, ["message_id"], ["消息", "IM"])
T(f, "list_chat_messages", "获取会话（单聊或群聊）的历史消息。需要 container_id（chat_id，oc_ 开头），可按 start_time / end_time（秒级时间戳）分页拉取。",
  {"container_id": S(), "start_time": S(), "end_time": S(), "sort_type": S(enum=["ByCreateTimeAsc", "ByCreateTimeDesc"]), "page_size": I()},
  ["container_id"], ["消息", "IM"], RO)
T(f, "list_chats", "获取用户或机器人所在的群列表；传 query 时按群名称关键词搜索。",
  {"query": S(), "page_size": I()}, [], ["群组"], RO)
T(f, "create_chat", "创建群聊。可指定群名称、群描述、群主（owner_id）和初始成员列表 user_id_list。",
  {"name": S(), "description": S(), "owner_id": S(), "user_id_list": A(S()), "chat_type": S(enum=["private", "public"])},
  ["name"], ["群组"])
T(f, "add_chat_members", "将用户或机器人拉入群聊。member_id_type 默认 open_id。",
  {"chat_id": S(), "id_list": A(S()), "member_id_type": S()}, ["chat_id", "id_list"], ["群组"])
T(f, "search_docs", "搜索云文档。支持文档（doc/docx）、电子表格（sheet）、多维表格（bitable）、思维笔记、知识库 Wiki，可按关键词、文档类型、所有者过滤，返回标题、token 和链接。",
  {"search_key": S(), "docs_types": A(S()), "owner_ids": A(S()), "count": I()}, ["search_key"], ["云文档"], RO)
T(f, "get_doc_content", "获取新版文档（docx）的纯文本内容。document_id 可从文档链接 /docx/<document_id> 中获取。",
  {"document_id": S(), "lang": I()}, ["document_id"], ["云文档"], RO)
T(f, "create_doc", "在指定文件夹下创建新版文档（docx），支持传入标题和 Markdown 格式的正文内容。",
  {"folder_token": S(), "title": S(), "markdown": S()}, ["title"], ["云文档"])
T(f, "create_approval_instance", "发起审批。根据审批定义 approval_code 创建审批实例，form 为控件值的 JSON 数组字符串。常见审批：请假、报销、采购、付款、合同、上线发布。",
  {"approval_code": S(), "user_id": S("发起人"), "form": S("表单控件值 JSON"), "node_approver_user_id_list": A(O())},
  ["approval_code", "user_id", "form"], ["审批"])
T(f, "get_approval_instance", "查询审批实例详情：状态（PENDING / APPROVED / REJECTED / CANCELED / DELETED）、表单内容、审批任务列表、审批进度时间线与评论。",
  {"instance_id": S()}, ["instance_id"], ["审批"], RO)
T(f, "approve_task", "同意审批任务。需要 approval_code、instance_code、task_id 以及操作人 user_id，可附审批意见 comment。",
  {"approval_code": S(), "instance_code": S(), "task_id": S(), "user_id": S(), "comment": S()},
  ["approval_code", "instance_code", "task_id", "user_id"], ["审批"])
T(f, "reject_task", "拒绝审批任务，可填写拒绝理由。",
  {"approval_code": S(), "instance_code": S(), "task_id": S(), "user_id": S(), "comment": S()},
  ["approval_code", "instance_code", "task_id", "user_id"], ["审批"])
T(f, "list_calendar_events", "获取日历上的日程列表，按 start_time / end_time 时间范围查询。calendar_id 传 primary 表示当前用户的主日历。",
  {"calendar_id": S(default="primary"), "start_time": S(), "end_time": S(), "page_size": I()}, ["calendar_id"], ["日历"], RO)
T(f, "create_calendar_event", "创建日程：标题、描述、开始/结束时间、参与人（用户、群、会议室）、提醒，可自动生成飞书视频会议链接。",
  {"calendar_id": S(default="primary"), "summary": S(), "description": S(), "start_time": O(), "end_time": O(),
   "attendees": A(O()), "vchat": O(), "reminders": A(O())},
  ["summary", "start_time", "end_time"], ["日历"])
T(f, "delete_calendar_event", "删除日程。need_notification=true 时参与人会收到日程取消通知。",
  {"calendar_id": S(), "event_id": S(), "need_notification": B(default=True)}, ["calendar_id", "event_id"], ["日历"], DX)
T(f, "search_users", "在通讯录中按姓名、邮箱或手机号查找用户，返回 open_id、user_id、所在部门和职务。",
  {"query": S(), "emails": A(S()), "mobiles": A(S())}, [], ["通讯录"], RO)

# ---------------------------------------------------------------- sentry (16)
s = "sentry"
T(s, "list_projects", "List projects in the organization (slug, platform, team).", {"organization_slug": S()}, [], ["projects"], RO)
T(s, "search_issues", "Search issues (grouped errors) in a project using Sentry search syntax, e.g. `is:unresolved level:error release:3.8.0 message:\"timeout\"`. sort: date | freq | new | user.",
  {"organization_slug": S(), "project_slug": S(), "query": S(default="is:unresolved"), "statsPeriod": S(), "sort": S(), "limit": I()},
  ["project_slug"], ["issues"], RO)
T(s, "get_issue", "Get details of an issue by numeric id or short id (e.g. `WEB-3F2`): title, culprit, status, assignee, firstSeen/lastSeen, count, userCount.",
  {"issue_id": S()}, ["issue_id"], ["issues"], RO)
T(s, "get_latest_event", "Retrieve the latest event of an issue, including the full stacktrace, breadcrumbs, tags, request and contexts.",
  {"issue_id": S()}, ["issue_id"], ["events"], RO)
T(s, "get_event", "Retrieve a single event by its event_id (32 hex chars) within a project.",
  {"project_slug": S(), "event_id": S()}, ["project_slug", "event_id"], ["events"], RO)
T(s, "list_issue_events", "List the events of an issue, newest first. `full=true` includes stack traces.",
  {"issue_id": S(), "full": B(), "environment": S(), "limit": I()}, ["issue_id"], ["events"], RO)
T(s, "update_issue", "Update an issue. status: resolved | resolvedInNextRelease | unresolved | ignored (with ignoreDuration minutes or ignoreCount). Also assignedTo (user or team:slug), hasSeen, isBookmarked, isPublic.",
  {"issue_id": S(), "status": S(), "ignoreDuration": I(), "ignoreCount": I(), "assignedTo": S(), "isBookmarked": B()},
  ["issue_id"], ["issues", "triage"])
T(s, "delete_issue", "Removes an issue and all its events permanently.", {"issue_id": S()}, ["issue_id"], ["issues"], DX)
T(s, "add_issue_note", "Post a note (comment) to an issue's activity. Supports @user mentions.",
  {"issue_id": S(), "text": S()}, ["issue_id", "text"], ["issues", "comments"])
T(s, "list_releases", "List releases, optionally filtered by project and version prefix.",
  {"project_slug": S(), "query": S()}, [], ["releases"], RO)
T(s, "create_release", "Create a release version and optionally associate commits (`refs` with repository + commit) for suspect-commit detection.",
  {"version": S(), "projects": A(S()), "refs": A(O()), "url": S()}, ["version", "projects"], ["releases"])
T(s, "create_deploy", "Create a deploy for a release in an environment (e.g. production).",
  {"version": S(), "environment": S(), "name": S(), "dateStarted": S(), "dateFinished": S()}, ["version", "environment"], ["releases"])
T(s, "search_events", "Discover query over raw events/transactions: `field` list (e.g. transaction, count(), p95(transaction.duration)), `query`, `statsPeriod`, `sort`.",
  {"field": A(S()), "query": S(), "statsPeriod": S(), "sort": S(), "project": A(S()), "environment": S()},
  ["field"], ["discover"], RO)
T(s, "list_alert_rules", "List issue alert rules and metric alert rules of a project.", {"project_slug": S()}, ["project_slug"], ["alerts"], RO)
T(s, "create_alert_rule", "Create an issue alert rule: conditions (e.g. first seen, event frequency), filters, actions (email, Slack, PagerDuty, webhook), frequency.",
  {"project_slug": S(), "name": S(), "conditions": A(O()), "filters": A(O()), "actions": A(O()), "actionMatch": S(), "frequency": I()},
  ["project_slug", "name", "conditions", "actions"], ["alerts"])
T(s, "get_issue_tag_values", "Top values for a tag key on an issue, e.g. browser, os, release, environment, url, with counts.",
  {"issue_id": S(), "key": S()}, ["issue_id", "key"], ["issues", "tags"], RO)

# ---------------------------------------------------------------- kubernetes (17)
k = "kubernetes"
NS = S("Namespace (default: default)")
T(k, "list_namespaces", "List all namespaces in the current cluster context.", {}, [], ["core"], RO)
T(k, "list_pods", "List pods in a namespace (or all namespaces), with phase, ready containers, restarts, node and age. Supports labelSelector and fieldSelector (e.g. status.phase=Pending).",
  {"namespace": NS, "all_namespaces": B(), "label_selector": S(), "field_selector": S()}, [], ["pods"], RO)
T(k, "get_pod_logs", "Get logs from a pod container. `previous: true` returns logs of the previous terminated container instance (useful for CrashLoopBackOff). tail_lines, since_seconds, timestamps.",
  {"name": S(), "namespace": NS, "container": S(), "previous": B(), "tail_lines": I(), "since_seconds": I()},
  ["name"], ["pods", "logs"], RO)
T(k, "describe_resource", "Like `kubectl describe`: shows detailed state of any resource (pod, node, deployment, pvc, ingress...) including conditions and recent events.",
  {"kind": S(), "name": S(), "namespace": NS}, ["kind", "name"], [], RO)
T(k, "get_resource_yaml", "Return the full object as YAML (`kubectl get <kind> <name> -o yaml`).",
  {"kind": S(), "name": S(), "namespace": NS}, ["kind", "name"], [], RO)
T(k, "list_events", "List events in a namespace sorted by lastTimestamp. Filters: type (Normal|Warning), involved_object_name.",
  {"namespace": NS, "type": S(), "involved_object_name": S(), "limit": I()}, [], ["events"], RO)
T(k, "list_deployments", "List deployments with desired/ready/updated/available replicas and images.",
  {"namespace": NS, "all_namespaces": B(), "label_selector": S()}, [], ["workloads"], RO)
T(k, "scale_deployment", "Set replicas for a Deployment or StatefulSet.",
  {"kind": S(enum=["Deployment", "StatefulSet"], default="Deployment"), "name": S(), "namespace": NS, "replicas": I()},
  ["name", "replicas"], ["workloads"])
T(k, "rollout_restart", "kubectl rollout restart — performs a rolling restart of a Deployment, DaemonSet or StatefulSet by patching the pod template annotation.",
  {"kind": S(), "name": S(), "namespace": NS}, ["name"], ["workloads", "rollout"])
T(k, "rollout_undo", "Roll back a Deployment to the previous revision, or to `to_revision`.",
  {"name": S(), "namespace": NS, "to_revision": I()}, ["name"], ["workloads", "rollout"])
T(k, "apply_manifest", "Apply a manifest (YAML or JSON, multi-document OK) using server-side apply. `dry_run: true` validates against the API server without persisting.",
  {"manifest": S(), "namespace": NS, "dry_run": B(), "field_manager": S()}, ["manifest"], ["workloads"])
T(k, "delete_resource", "Delete any resource by kind, name and namespace.",
  {"kind": S(), "name": S(), "namespace": NS, "cascade": S(enum=["background", "foreground", "orphan"])}, ["kind", "name"], [], DX)
T(k, "delete_pod", "Delete a pod. If it belongs to a ReplicaSet/StatefulSet/Job it will be recreated. grace_period_seconds: 0 + force for stuck Terminating pods.",
  {"name": S(), "namespace": NS, "grace_period_seconds": I(), "force": B()}, ["name"], ["pods"])
T(k, "exec_in_pod", "Run a non-interactive command in a container and return stdout/stderr and exit code.",
  {"name": S(), "namespace": NS, "container": S(), "command": A(S())}, ["name", "command"], ["pods"])
T(k, "list_nodes", "List nodes: status (Ready/NotReady, SchedulingDisabled), roles, kubelet version, instance type, capacity/allocatable.",
  {"label_selector": S()}, [], ["nodes"], RO)
T(k, "drain_node", "Cordon the node and evict all pods except DaemonSet-managed ones. Respects PodDisruptionBudgets; timeout_seconds, delete_emptydir_data.",
  {"name": S(), "timeout_seconds": I(), "delete_emptydir_data": B(), "force": B()}, ["name"], ["nodes"])
T(k, "top_pods", "Show CPU (millicores) and memory usage of pods from metrics-server.",
  {"namespace": NS, "all_namespaces": B(), "label_selector": S(), "sort_by": S(enum=["cpu", "memory"])}, [], ["metrics"], RO)

# ---------------------------------------------------------------- google_drive (16)
d = "google_drive"
FID = S("Drive file ID")
T(d, "search_files", "Search Drive files by name and full-text content. `q` uses Drive query syntax, e.g. `fullText contains 'Q3 pricing' and mimeType = 'application/vnd.google-apps.spreadsheet'`. Set corpora=allDrives to include shared drives.",
  {"q": S(), "corpora": S(enum=["user", "drive", "allDrives"]), "pageSize": I(), "orderBy": S()}, ["q"], ["files", "search"], RO)
T(d, "list_folder", "List the children of a folder (name, id, mimeType, modifiedTime, owner).",
  {"folder_id": S(), "pageSize": I(), "pageToken": S()}, ["folder_id"], ["files"], RO)
T(d, "get_file_metadata", "Metadata for a file: name, mimeType, size, owners, parents, createdTime/modifiedTime, lastModifyingUser, webViewLink.",
  {"file_id": FID}, ["file_id"], ["files"], RO)
T(d, "read_file", "Read a file's content. Google Docs are exported as Markdown, Sheets as CSV (first sheet only), Slides as plain text; PDFs are text-extracted; other binaries come back base64.",
  {"file_id": FID, "export_mime_type": S()}, ["file_id"], ["files"], RO)
T(d, "create_file", "Create a new file in Drive. Set mimeType to `application/vnd.google-apps.document` / `.spreadsheet` to create a Google Doc/Sheet (content is converted from markdown/CSV).",
  {"name": S(), "mimeType": S(), "content": S(), "parent_folder_id": S()}, ["name"], ["files"])
T(d, "create_folder", "Create a folder.", {"name": S(), "parent_folder_id": S()}, ["name"], ["folders"])
T(d, "update_file", "Upload new content for an existing file (creates a new revision). Keeps id, sharing and comments.",
  {"file_id": FID, "content": S(), "mimeType": S()}, ["file_id", "content"], ["files"])
T(d, "move_file", "Move a file to another folder and/or rename it.",
  {"file_id": FID, "new_parent_folder_id": S(), "new_name": S()}, ["file_id"], ["files"])
T(d, "copy_file", "Create a copy of a file, optionally with a new name and destination folder.",
  {"file_id": FID, "name": S(), "parent_folder_id": S()}, ["file_id"], ["files"])
T(d, "trash_file", "Move a file or folder to trash. Items in trash are deleted for good after 30 days.",
  {"file_id": FID}, ["file_id"], ["files"])
T(d, "delete_file", "Permanently delete a file owned by the user, bypassing the trash. If the target is a folder, all descendants owned by the user are also deleted.",
  {"file_id": FID}, ["file_id"], ["files"], DX)
T(d, "share_file", "Add a permission to a file or folder. role: reader | commenter | writer | organizer; type: user | group | domain | anyone. sendNotificationEmail defaults to true.",
  {"file_id": FID, "role": S(), "type": S(), "emailAddress": S(), "domain": S(), "sendNotificationEmail": B(), "emailMessage": S()},
  ["file_id", "role", "type"], ["sharing"])
T(d, "list_permissions", "List who has access to a file (permission id, role, type, email).", {"file_id": FID}, ["file_id"], ["sharing"], RO)
T(d, "remove_permission", "Delete a permission from a file or folder (revoke access).",
  {"file_id": FID, "permission_id": S()}, ["file_id", "permission_id"], ["sharing"])
T(d, "create_comment", "Add a comment to a file (Docs, Sheets, Slides, PDFs). Optional `quotedFileContent` to anchor to a passage.",
  {"file_id": FID, "content": S(), "quotedFileContent": S()}, ["file_id", "content"], ["comments"])
T(d, "read_sheet_range", "Read cell values from a Google Sheets spreadsheet range in A1 notation, e.g. `Summary!A1:H40`. valueRenderOption FORMATTED_VALUE by default.",
  {"spreadsheet_id": S(), "range": S(), "valueRenderOption": S()}, ["spreadsheet_id", "range"], ["sheets"], RO)

# ---------------------------------------------------------------- hubspot (17)
h = "hubspot"
T(h, "search_contacts", "Search contacts by email, name, phone, company or any property filter (filterGroups). Returns ids + requested properties.",
  {"query": S(), "filterGroups": A(O()), "properties": A(S()), "limit": I()}, [], ["crm", "contacts"], RO)
T(h, "get_contact", "Read a contact by id, or by email with idProperty=email. associations=companies,deals to include linked records.",
  {"contactId": S(), "idProperty": S(), "properties": A(S()), "associations": A(S())}, ["contactId"], ["crm", "contacts"], RO)
T(h, "create_contact", "Create a contact. Common properties: email, firstname, lastname, phone, company, jobtitle, lifecyclestage.",
  {"properties": O()}, ["properties"], ["crm", "contacts"])
T(h, "update_contact", "Update contact properties, e.g. lifecyclestage (subscriber, lead, marketingqualifiedlead, salesqualifiedlead, opportunity, customer), hs_lead_status, phone, jobtitle, hubspot_owner_id.",
  {"contactId": S(), "idProperty": S(), "properties": O()}, ["contactId", "properties"], ["crm", "contacts"])
T(h, "delete_contact", "Archive a contact (goes to the recycling bin, restorable for 90 days).", {"contactId": S()}, ["contactId"], ["crm", "contacts"], DX)
T(h, "search_companies", "Search companies by name, domain or property filters.",
  {"query": S(), "filterGroups": A(O()), "properties": A(S()), "limit": I()}, [], ["crm", "companies"], RO)
T(h, "create_company", "Create a company record (name, domain, industry, city, country, numberofemployees...).",
  {"properties": O()}, ["properties"], ["crm", "companies"])
T(h, "search_deals", "Search deals by dealname, dealstage, pipeline, hubspot_owner_id, amount, closedate.",
  {"query": S(), "filterGroups": A(O()), "properties": A(S()), "sorts": A(O()), "limit": I()}, [], ["crm", "deals"], RO)
T(h, "get_deal", "Get a deal with properties and associated contacts/companies.",
  {"dealId": S(), "properties": A(S()), "associations": A(S())}, ["dealId"], ["crm", "deals"], RO)
T(h, "create_deal", "Create a deal. `dealstage` must be a stage id of the chosen pipeline (see list_deal_pipelines).",
  {"properties": O("dealname, amount, pipeline, dealstage, closedate, hubspot_owner_id"), "associations": A(O())},
  ["properties"], ["crm", "deals"])
T(h, "update_deal", "Update a deal — move stage (dealstage), change amount, closedate, owner, or custom properties.",
  {"dealId": S(), "properties": O()}, ["dealId", "properties"], ["crm", "deals"])
T(h, "create_note", "Log a note on the timeline of contacts, companies, deals or tickets (engagement of type NOTE). hs_note_body accepts basic HTML.",
  {"hs_note_body": S(), "hs_timestamp": S(), "associations": A(O())}, ["hs_note_body"], ["crm", "engagements"])
T(h, "create_task", "Create a task for a HubSpot user: subject, body, due date (hs_timestamp), priority, type (CALL, EMAIL, TODO), associations.",
  {"hs_task_subject": S(), "hs_task_body": S(), "hs_timestamp": S(), "hubspot_owner_id": S(), "hs_task_priority": S(),
   "hs_task_type": S(), "associations": A(O())}, ["hs_task_subject", "hs_timestamp"], ["crm", "engagements"])
T(h, "create_association", "Associate two CRM records, e.g. contact → company, deal → contact, ticket → company.",
  {"fromObjectType": S(), "fromObjectId": S(), "toObjectType": S(), "toObjectId": S(), "associationType": S()},
  ["fromObjectType", "fromObjectId", "toObjectType", "toObjectId"], ["crm"])
T(h, "list_deal_pipelines", "List deal pipelines and their stages (ids, labels, probability).", {}, [], ["crm", "deals"], RO)
T(h, "list_owners", "List HubSpot owners (users who can own records): id, email, name, teams.", {"email": S()}, [], ["crm"], RO)
T(h, "create_ticket", "Create a ticket in a Service Hub pipeline (subject, content, hs_pipeline, hs_pipeline_stage, hs_ticket_priority).",
  {"properties": O(), "associations": A(O())}, ["properties"], ["service"])

# ---------------------------------------------------------------- zendesk (17)
z = "zendesk"
T(z, "search_tickets", "Search tickets using Zendesk search syntax, e.g. `status<solved requester:jane@example.com tags:refund created>2026-11-01`. Returns id, subject, status, priority, requester, updated_at.",
  {"query": S(), "sort_by": S(), "sort_order": S(), "per_page": I()}, ["query"], ["tickets", "search"], RO)
T(z, "get_ticket", "Show a ticket by id: subject, description, status, priority, type, requester, assignee, group, tags, custom fields.",
  {"ticket_id": I()}, ["ticket_id"], ["tickets"], RO)
T(z, "create_ticket", "Create a ticket. Provide subject and comment.body; requester can be {name, email} and is created if unknown. priority: low|normal|high|urgent, type: problem|incident|question|task.",
  {"subject": S(), "comment": O(properties={"body": S(), "public": B()}), "requester": O(), "priority": S(), "type": S(),
   "tags": A(S()), "group_id": I(), "assignee_id": I(), "custom_fields": A(O())},
  ["subject", "comment"], ["tickets"])
T(z, "update_ticket", "Update ticket fields: status (new, open, pending, hold, solved, closed), priority, type, assignee_id, group_id, tags, custom_fields. Use add_ticket_comment to reply.",
  {"ticket_id": I(), "status": S(), "priority": S(), "type": S(), "assignee_id": I(), "group_id": I(), "tags": A(S()),
   "additional_tags": A(S()), "custom_fields": A(O())}, ["ticket_id"], ["tickets"])
T(z, "add_ticket_comment", "Add a comment to a ticket. public=true is a reply emailed to the requester; public=false is an internal note only agents can see.",
  {"ticket_id": I(), "body": S(), "public": B(default=True), "author_id": I()}, ["ticket_id", "body"], ["tickets", "comments"])
T(z, "list_ticket_comments", "List all comments (the conversation) on a ticket, oldest first, including internal notes.",
  {"ticket_id": I()}, ["ticket_id"], ["tickets", "comments"], RO)
T(z, "delete_ticket", "Delete a ticket. Deleted tickets can be restored from the Deleted tickets view for 30 days.",
  {"ticket_id": I()}, ["ticket_id"], ["tickets"], DX)
T(z, "merge_tickets", "Merge one or more source tickets into a target ticket. Source tickets are closed and their comments copied. Irreversible.",
  {"target_ticket_id": I(), "source_ticket_ids": A(I()), "target_comment": S(), "source_comment": S()},
  ["target_ticket_id", "source_ticket_ids"], ["tickets"])
T(z, "search_users", "Search end-users and agents by name, email or external_id.", {"query": S()}, ["query"], ["users"], RO)
T(z, "get_user", "Show a user (end-user or agent) by id, with organization and tags.", {"user_id": I()}, ["user_id"], ["users"], RO)
T(z, "create_user", "Create a user. role: end-user (default), agent, admin.",
  {"name": S(), "email": S(), "role": S(), "organization_id": I(), "phone": S()}, ["name"], ["users"])
T(z, "list_macros", "List active shared and personal macros.", {"category": S()}, [], ["macros"], RO)
T(z, "apply_macro", "Apply a macro to a ticket. The macro's actions (status, tags, canned reply...) are applied and saved.",
  {"ticket_id": I(), "macro_id": I()}, ["ticket_id", "macro_id"], ["macros", "tickets"])
T(z, "list_view_tickets", "List tickets in a view (e.g. Unassigned tickets, My unsolved tickets, Pending > 3 days).",
  {"view_id": I(), "sort_by": S()}, ["view_id"], ["tickets", "views"], RO)
T(z, "search_help_center", "Search Help Center (Guide) articles by keyword. Returns title, url, section, snippet.",
  {"query": S(), "locale": S()}, ["query"], ["guide", "kb"], RO)
T(z, "create_help_center_article", "Create an article (as draft by default) in a Help Center section.",
  {"section_id": I(), "title": S(), "body": S("HTML"), "locale": S(), "draft": B(default=True)}, ["section_id", "title", "body"], ["guide", "kb"])
T(z, "list_satisfaction_ratings", "List CSAT satisfaction ratings. score: good | bad | offered; start_time/end_time unix.",
  {"score": S(), "start_time": I(), "end_time": I()}, [], ["csat"], RO)

# ---------------------------------------------------------------- bigquery (15)
b = "bigquery"
T(b, "list_datasets", "List datasets in a project.", {"project_id": S()}, [], ["metadata"], RO)
T(b, "list_tables", "List tables and views in a dataset.", {"dataset_id": S(), "project_id": S()}, ["dataset_id"], ["metadata"], RO)
T(b, "get_table_schema", "Get the schema (columns, types, modes, descriptions), partitioning/clustering and row count of a table.",
  {"table": S("project.dataset.table or dataset.table")}, ["table"], ["metadata"], RO)
T(b, "preview_table", "Read the first N rows of a table without running a query (tabledata.list, free).",
  {"table": S(), "max_results": I(default=20), "selected_fields": S()}, ["table"], [], RO)
T(b, "run_query", "Execute a GoogleSQL query and return results. Use LIMIT for large results. Standard SQL only; DML/DDL allowed.",
  {"query": S(), "max_results": I(), "timeout_ms": I(), "use_legacy_sql": B(default=False)}, ["query"], ["sql"])
T(b, "dry_run_query", "Validate a query and estimate bytes processed without running it.", {"query": S()}, ["query"], ["sql"], RO)
T(b, "create_table", "Create a table with a schema. Optional time partitioning and clustering fields.",
  {"table": S(), "schema": A(O()), "partition_field": S(), "clustering_fields": A(S()), "description": S()}, ["table", "schema"], ["ddl"])
T(b, "insert_rows", "Stream rows into a table (insertAll). rows: array of JSON objects matching the schema.",
  {"table": S(), "rows": A(O()), "skip_invalid_rows": B()}, ["table", "rows"], ["dml"])
T(b, "delete_table", "Deletes a table or view.", {"table": S()}, ["table"], ["ddl"], DX)
T(b, "create_dataset", "Create a dataset (location, default table expiration, labels).",
  {"dataset_id": S(), "location": S(), "default_table_expiration_ms": I(), "description": S()}, ["dataset_id"], ["ddl"])
T(b, "delete_dataset", "Delete a dataset. delete_contents=true removes all its tables too.",
  {"dataset_id": S(), "delete_contents": B()}, ["dataset_id"], ["ddl"])
T(b, "list_jobs", "List recent jobs (query, load, extract, copy) with state, user, bytes processed and duration.",
  {"state_filter": S(), "all_users": B(), "max_results": I()}, [], ["jobs"], RO)
T(b, "cancel_job", "Request cancellation of a running job.", {"job_id": S(), "location": S()}, ["job_id"], ["jobs"])
T(b, "create_view", "Create (or replace) a logical view from a SQL query.",
  {"view": S(), "query": S(), "replace": B()}, ["view", "query"], ["ddl"])
T(b, "export_table", "Export a table to Cloud Storage (CSV, NEWLINE_DELIMITED_JSON, AVRO, PARQUET). Wildcard URI for >1GB.",
  {"table": S(), "destination_uri": S(), "format": S(), "compression": S()}, ["table", "destination_uri"], ["jobs"])

# ---------------------------------------------------------------- shopify (17)
sh = "shopify"
T(sh, "search_orders", "Query orders. Search syntax: `name:#1043`, `email:`, `financial_status:paid|refunded|partially_refunded`, `fulfillment_status:unfulfilled`, `created_at:>2026-11-01`, `tag:`.",
  {"query": S(), "first": I(default=25), "sortKey": S()}, [], ["orders"], RO)
T(sh, "get_order", "Get an order by id or name (e.g. `#1043`): line items, customer, addresses, financial/fulfillment status, transactions, refunds, timeline.",
  {"order_id": S()}, ["order_id"], ["orders"], RO)
T(sh, "update_order", "Update an order's note, tags, email, phone, or shipping address (only before fulfillment).",
  {"order_id": S(), "note": S(), "tags": A(S()), "email": S(), "shipping_address": O()}, ["order_id"], ["orders"])
T(sh, "cancel_order", "Cancel an order. reason: customer | fraud | inventory | declined | other. Optionally refund the payment, restock items and notify the customer. Cancelled orders can't be un-cancelled.",
  {"order_id": S(), "reason": S(), "refund": B(), "restock": B(), "notify_customer": B(), "staff_note": S()}, ["order_id", "reason"], ["orders"])
T(sh, "create_refund", "Refund line items and/or shipping for an order. Money is returned to the original payment method. `restock_type`: no_restock | cancel | return.",
  {"order_id": S(), "refund_line_items": A(O()), "shipping": O(), "amount": S(), "note": S(), "notify": B(), "restock_type": S()},
  ["order_id"], ["orders", "payments"])
T(sh, "create_fulfillment", "Fulfill line items of an order with tracking info (number, company, url). Sends the shipping confirmation email if notify_customer.",
  {"order_id": S(), "line_items": A(O()), "tracking_number": S(), "tracking_company": S(), "tracking_url": S(), "notify_customer": B()},
  ["order_id"], ["orders", "fulfillment"])
T(sh, "search_customers", "Search customers by email, name, phone, tag, orders_count, total_spent.", {"query": S(), "first": I()}, ["query"], ["customers"], RO)
T(sh, "get_customer", "Get a customer by id, including addresses, tags, order count, lifetime spend and marketing consent.",
  {"customer_id": S()}, ["customer_id"], ["customers"], RO)
T(sh, "update_customer", "Update a customer: email, phone, first/last name, tags, note, email marketing consent, default address.",
  {"customer_id": S(), "email": S(), "phone": S(), "tags": A(S()), "note": S(), "accepts_marketing": B(), "default_address": O()},
  ["customer_id"], ["customers"])
T(sh, "search_products", "Search products by title, vendor, product_type, tag, status or SKU.", {"query": S(), "first": I()}, [], ["products"], RO)
T(sh, "get_product", "Get a product with variants (price, sku, inventory_item_id), options, images and status.", {"product_id": S()}, ["product_id"], ["products"], RO)
T(sh, "create_product", "Create a product with title, body_html, vendor, product_type, tags, variants and status (default draft).",
  {"title": S(), "body_html": S(), "vendor": S(), "product_type": S(), "tags": A(S()), "variants": A(O()), "status": S()},
  ["title"], ["products"])
T(sh, "update_product", "Update a product: title, description, tags, status (active/draft/archived), or variants (price, compare_at_price, sku).",
  {"product_id": S(), "title": S(), "body_html": S(), "tags": A(S()), "status": S(), "variants": A(O())}, ["product_id"], ["products"])
T(sh, "delete_product", "Delete a product and all its variants.", {"product_id": S()}, ["product_id"], ["products"], DX)
T(sh, "set_inventory_level", "Set the available quantity of an inventory item (variant) at a location. Absolute value; use `adjustment` for a relative change.",
  {"inventory_item_id": S(), "location_id": S(), "available": I(), "adjustment": I()}, ["inventory_item_id", "location_id"], ["inventory"])
T(sh, "create_discount_code", "Create a discount (price rule + code): percentage or fixed_amount, minimum subtotal, usage_limit, once_per_customer, starts_at/ends_at.",
  {"code": S(), "value_type": S(), "value": S(), "usage_limit": I(), "once_per_customer": B(), "starts_at": S(), "ends_at": S(),
   "prerequisite_subtotal": S()}, ["code", "value_type", "value"], ["marketing"])
T(sh, "create_draft_order", "Create a draft order (phone/manual orders, replacements, B2B quotes). Can apply a discount and send the invoice email to the customer.",
  {"line_items": A(O()), "customer_id": S(), "email": S(), "applied_discount": O(), "note": S(), "send_invoice": B(), "shipping_address": O()},
  ["line_items"], ["orders"])


if __name__ == "__main__":
    names = [t["name"] for t in TOOLS]
    assert len(names) == len(set(names)), "duplicate names"
    with open(OUT, "w", encoding="utf-8") as fh:
        for t in TOOLS:
            fh.write(json.dumps(t, ensure_ascii=False) + "\n")
    from collections import Counter
    c = Counter(t["category"] for t in TOOLS)
    print(len(TOOLS), dict(c))
