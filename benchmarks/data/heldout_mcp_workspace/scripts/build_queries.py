# -*- coding: utf-8 -*-
"""Writes queries.jsonl. Every ask is hand-written; pasted blocks come from pastes.py (seeded)."""
import json, os, sys
sys.path.insert(0, os.path.dirname(__file__))
import pastes as P

OUT = os.path.join(os.path.dirname(__file__), "..", "queries.jsonl")
Q = []


def add(kind, lang, query, gold, ns=None, **extra):
    q = {"id": None, "query": query, "gold": gold, "lang": lang, "kind": kind}
    q.update(extra)
    if ns:
        q["names_server"] = ns
    Q.append(q)


# =========================================================== direct (30)
D = [
    ("en", 'Create a new issue in GitLab project platform/billing-api titled "Invoice PDF renders wrong currency symbol for CHF"', ["gitlab__create_issue"], "gitlab"),
    ("en", 'Search Linear issues for "webhook retry" in the Payments team', ["linear__search_issues"], "linear"),
    ("en", "Get GitLab issue #233 in project platform/api with its labels and assignee", ["gitlab__get_issue"], "gitlab"),
    ("en", "Run this query in BigQuery: SELECT country, COUNT(*) AS sessions FROM analytics.sessions WHERE session_date = '2026-11-30' GROUP BY 1 ORDER BY 2 DESC", ["bigquery__run_query"], "bigquery"),
    ("en", "Add an internal note to Zendesk ticket 88213: refund was processed on our side, waiting for the bank.", ["zendesk__add_ticket_comment"], "zendesk"),
    ("en", "Search Notion for the page titled \"Onboarding checklist – Support\"", ["notion__search"], "notion"),
    ("en", "Share https://docs.google.com/presentation/d/1bQ4kZr7TfWm2xLp9 (the Q4 board deck) with ines.okafor@lumenworks.io as commenter", ["google_drive__share_file"], "google_drive"),
    ("en", "Cancel Shopify order #1043, reason: customer. Restock the items and refund the payment.", ["shopify__cancel_order"], "shopify"),
    ("en", "Add a comment on the Notion page \"Pricing page refresh\" asking Mei to review the hero copy", ["notion__create_comment"], "notion"),
    ("en", 'Query the Notion database "Launch Tracker" for rows where Status is Blocked, sorted by Due date', ["notion__query_database"], "notion"),
    ("en", 'Create a deal in HubSpot: "Nordvik Foods – annual plan", amount 24000, Sales pipeline, stage Qualified', ["hubspot__create_deal"], "hubspot"),
    ("en", "List open merge requests in GitLab project mobile/ios-app that target release/5.2", ["gitlab__list_merge_requests"], "gitlab"),
    ("en", "Get the table schema of marts.orders_daily, including partitioning and clustering", ["bigquery__get_table_schema"], None),
    ("en", 'Apply the macro "Refund – approved" to Zendesk ticket 90112', ["zendesk__apply_macro"], "zendesk"),
    ("en", "Permanently delete the Drive file 1Zq0tmpExportOld2025 — skip the trash", ["google_drive__delete_file"], "google_drive"),
    ("en", "Attach the URL https://sentry.lumenworks.io/organizations/lumen/issues/4480551203/ to Linear issue ENG-2291 as a link", ["linear__link_url_to_issue"], "linear"),
    ("en", 'Add a comment to the Google Doc https://docs.google.com/document/d/1pFaqV3kLm0sQ2 : "section 4 still lists the old refund window"', ["google_drive__create_comment"], "google_drive"),
    ("en", "Get Shopify order #1207 with its line items and transactions", ["shopify__get_order"], "shopify"),
    ("zh", "在飞书给「增长组周会」群发一条消息：本周周会改到周四下午三点", ["feishu__send_message"], "feishu"),
    ("zh", "搜索飞书云文档，关键词「出海合规」，只看文档和表格", ["feishu__search_docs"], "feishu"),
    ("zh", "发起飞书审批：请假，2026-12-08 至 12-10，事由：家中有事", ["feishu__create_approval_instance"], "feishu"),
    ("zh", "在飞书创建一个群「东南亚支付接入」，把王磊、李娜、Kevin Zhou 拉进来", ["feishu__create_chat"], "feishu"),
    ("zh", "在飞书通讯录里按邮箱查找用户 wei.zhang@lumenworks.cn", ["feishu__search_users"], "feishu"),
    ("mixed", "在 Linear 创建一个 issue，team 是 Growth，标题「注册页 A/B test 埋点缺失」，priority 设为 High", ["linear__create_issue"], "linear"),
    ("mixed", "kubectl describe 一下 pod search-indexer-0，namespace 是 data", ["kubernetes__describe_resource"], "kubernetes"),
    ("zh", "删除 BigQuery 表 staging.tmp_orders_backfill_1122", ["bigquery__delete_table"], "bigquery"),
    ("mixed", "Sentry 里把 issue 4481920317 assign 给 lin.hao", ["sentry__update_issue"], "sentry"),
    ("zh", "在 Zendesk 创建工单：客户 kiko@mapletrail-outfitters.example 反馈 App 无法登录，优先级高", ["zendesk__create_ticket"], "zendesk"),
    ("mixed", "Shopify 上更新产品「Alpine 保温杯 500ml」，variant price 改成 199", ["shopify__update_product"], "shopify"),
    ("zh", "把 BigQuery 表 marts.finance_monthly 导出到 gs://lw-exports/finance/，格式 CSV", ["bigquery__export_table"], "bigquery"),
]
for lang, q, g, ns in D:
    add("direct", lang, q, g, ns)

# =========================================================== paraphrase (40)
PP = [
    ("en", "ugh checkout pods keep crashlooping in prod. what did the last dead container print before it died?", ["kubernetes__get_pod_logs"], None),
    ("en", "guy on order 2217 says he got charged twice, give him back the extra charge", ["shopify__create_refund"], None),
    ("en", "who's got ENG-4410 and what's it blocked on?", ["linear__get_issue"], "linear"),
    ("en", "ship !482 as soon as CI goes green", ["gitlab__merge_merge_request"], "gitlab"),
    ("en", "that spam ticket 99402 from the bot — just get rid of it", ["zendesk__delete_ticket"], "zendesk"),
    ("en", "how many ppl are hitting ANDROID-1K7 rn? need a number for standup", ["sentry__get_issue"], "sentry"),
    ("en", "what's !588 still waiting on? approvals, pipeline, conflicts?", ["gitlab__get_merge_request"], "gitlab"),
    ("en", "shut JS-FRONTEND-2Q1 up for a week, it's just ResizeObserver noise", ["sentry__update_issue"], "sentry"),
    ("en", "whos the owner on the Brightline Logistics deal and when's it supposed to close?", ["hubspot__search_deals"], None),
    ("en", "tessa.moreau@brightline-log.example signed yesterday — flip her to customer in the CRM", ["hubspot__update_contact"], None),
    ("en", "finance needs rows 1-200 off the 'Sept' tab of the reconciliation sheet (1rEcOnQ3sheetXy)", ["google_drive__read_sheet_range"], None),
    ("en", "the agency contract ended, take their access away from the brand assets folder", ["google_drive__remove_permission"], None),
    ("en", "do we have a help article on resetting 2FA i can send this customer?", ["zendesk__search_help_center"], None),
    ("en", "someone's query scanning 4TB has been running forever, job bquxjob_71c0a2d4_18d40e — kill it", ["bigquery__cancel_job"], None),
    ("en", "what's on my plate in linear rn", ["linear__list_my_issues"], "linear"),
    ("en", "remind me in hubspot to call Helio Dental back friday about the renewal", ["hubspot__create_task"], "hubspot"),
    ("en", "csat tanked last week — show me the thumbs-down ones with the comments", ["zendesk__list_satisfaction_ratings"], None),
    ("en", "take ip-10-4-17-220 out of rotation and evict everything on it, we're swapping the disk", ["kubernetes__drain_node"], None),
    ("en", "bin the old 'offsite 2025' folder in drive — trash, not gone-forever", ["google_drive__trash_file"], "google_drive"),
    ("en", "fold 99120 and 99121 into 99118, same customer same problem", ["zendesk__merge_tickets"], "zendesk"),
    ("zh", "ENG-3307 的截止日期往后挪一周，优先级改成紧急", ["linear__update_issue"], "linear"),
    ("zh", "飞书上马骁那个 MacBook 采购审批我这边同意了，帮我点一下通过，意见写「按预算执行」", ["feishu__approve_task"], "feishu"),
    ("zh", "完了我发错群了，刚才机器人发的那条赶紧撤回", ["feishu__recall_message"], None),
    ("mixed", "帮我约下周三下午两点跟设计组过一下新版 onboarding，一小时，带个视频会议", ["feishu__create_calendar_event"], None),
    ("zh", "把小陈拉进「支付故障复盘」群", ["feishu__add_chat_members"], None),
    ("mixed", "进 redis-master-0 里跑一下 redis-cli info memory，看看现在用了多少", ["kubernetes__exec_in_pod"], None),
    ("mixed", "GitLab 上 !517 到底改了哪些文件？想看下 diff", ["gitlab__get_merge_request_diffs"], "gitlab"),
    ("zh", "帮客户下个电话订单：两箱 Alpine 保温杯 500ml，发票直接发到他邮箱 li.qiang@example.cn", ["shopify__create_draft_order"], None),
    ("mixed", "Sentry 错误 4479021455 最近一次的 stack trace 给我看看", ["sentry__get_latest_event"], "sentry"),
    ("mixed", "SEO 那个 Notion 页面下面加几个 to-do：更新 sitemap、提交 GSC、检查 hreflang", ["notion__append_block_children"], "notion"),
    ("zh", "Notion 里「2027 年度 OKR 模板」这页复制一份给市场部用", ["notion__duplicate_page"], "notion"),
    ("mixed", "Drive 里那份 Vendor NDA 的 PDF copy 一份放到 Legal/2026 文件夹", ["google_drive__copy_file"], "google_drive"),
    ("zh", "HubSpot 上记一笔：今天和禾木科技陈总通了电话，他们预算要等 Q1 才批", ["hubspot__create_note"], "hubspot"),
    ("mixed", "zendesk 上 93001 客户一直不回，先挂成 pending", ["zendesk__update_ticket"], "zendesk"),
    ("mixed", "看看 staging 命名空间最近有啥 warning 事件", ["kubernetes__list_events"], None),
    ("mixed", "先 dry run 一下，看这条会扫多少数据，别真跑：SELECT * FROM raw.events_2026 WHERE event_date > '2026-11-01'", ["bigquery__dry_run_query"], None),
    ("zh", "GitLab 上 web-portal 的流水线最近是不是老挂？把失败的列出来", ["gitlab__list_pipelines"], "gitlab"),
    ("mixed", "在 Linear 开个 project 叫「东南亚支付接入」，team 用 Payments，target date 三月底", ["linear__create_project"], "linear"),
    ("zh", "这个飞书文档 https://lumenworks.feishu.cn/docx/Xk2LdQp9aZrT 里写了啥，把内容拉出来给我", ["feishu__get_doc_content"], "feishu"),
    ("mixed", "那篇 2FA 的 help center 文章帮我在 Zendesk 起个草稿，section 放 Account & Security", ["zendesk__create_help_center_article"], "zendesk"),
]
for lang, q, g, ns in PP:
    add("paraphrase", lang, q, g, ns)

# =========================================================== multi (50)
M = [
    ("en", "Create a Linear issue in DATA for the broken CSV export and post the link in the data-eng Feishu group", ["linear__create_issue", "feishu__send_message"], "linear"),
    ("en", "pull the conversation on Zendesk ticket 90877 and file a Linear bug for the SUP team from it", ["zendesk__list_ticket_comments", "linear__create_issue"], "zendesk"),
    ("en", "Grab the latest event for Sentry issue 4480177321, open a GitLab issue in platform/api with the stack trace and leave a note on the Sentry issue linking to it", ["sentry__get_latest_event", "gitlab__create_issue", "sentry__add_issue_note"], "sentry"),
    ("en", "restart the notifications deployment in prod, then tell the Feishu oncall group it was bounced", ["kubernetes__rollout_restart", "feishu__send_message"], "feishu"),
    ("en", "1. cancel Shopify order #1187 (with refund)\n2. open a Zendesk ticket so support follows up with the customer", ["shopify__cancel_order", "zendesk__create_ticket"], "shopify"),
    ("en", "- run the weekly churn query against marts.subscriptions in BigQuery\n- drop the result into a new Google Sheet in the Analytics folder", ["bigquery__run_query", "google_drive__create_file"], "bigquery"),
    ("en", "Merge !601, and move ENG-2210 to Done in Linear", ["gitlab__merge_merge_request", "linear__update_issue"], "gitlab"),
    ("en", "Move HubSpot deal 18842201177 to Closed Won, and while you're at it make a one-time Shopify discount code HELIO10 (10% off) for them", ["hubspot__update_deal", "shopify__create_discount_code"], "hubspot"),
    ("en", "Look up Sentry issue MOBILE-9XZ, create a Linear bug in team MOB for it, then attach the sentry link to that Linear issue", ["sentry__get_issue", "linear__create_issue", "linear__link_url_to_issue"], "sentry"),
    ("en", "which pods in the ingest namespace are Pending? describe the first one too", ["kubernetes__list_pods", "kubernetes__describe_resource"], None),
    ("en", "find the 2026 SOC2 evidence spreadsheet in our Drive and share it read-only with auditor@kestrel-assurance.example", ["google_drive__search_files", "google_drive__share_file"], "google_drive"),
    ("en", "make a Notion page for the Dec 1 outage postmortem and book the review on my Feishu calendar Thursday 4pm", ["notion__create_page", "feishu__create_calendar_event"], "notion"),
    ("en", "find the Shopify customer jun.ito@koyomail.example, change their phone to +81 90-1234-5678 and tag them VIP", ["shopify__search_customers", "shopify__update_customer"], "shopify"),
    ("en", "create BigQuery dataset sandbox_kai, then a table events_sample in it (user_id STRING, ts TIMESTAMP, props JSON)", ["bigquery__create_dataset", "bigquery__create_table"], "bigquery"),
    ("en", "log a call note on HubSpot contact 55120093 and open a Zendesk ticket for their onboarding problem", ["hubspot__create_note", "zendesk__create_ticket"], "hubspot"),
    ("en", "open a ticket in HubSpot's support pipeline for Arcwell Robotics' SSO request and associate it with their company record (9100234511)", ["hubspot__create_ticket", "hubspot__create_association"], "hubspot"),
    ("en", "what's failing on main in platform/api on gitlab? grab the failed job's log and file a Linear issue for Platform", ["gitlab__list_pipelines", "gitlab__get_job_log", "linear__create_issue"], "gitlab"),
    ("en", "apply the new configmap to payments-staging, then roll payments-api there so it picks it up", ["kubernetes__apply_manifest", "kubernetes__rollout_restart"], None),
    ("en", "Give me the browser breakdown for Sentry issue 4482231098 and post it as a comment on GitLab issue platform/web#877", ["sentry__get_issue_tag_values", "gitlab__create_issue_note"], "sentry"),
    ("en", "Create release 3.8.0 in Sentry for web-frontend, and open a GitLab MR from release/3.8.0 into main", ["sentry__create_release", "gitlab__create_merge_request"], "sentry"),
    ("en", "archive ENG-1990 and ENG-1991 in Linear, they're stale. also comment on ENG-1988 that it supersedes them", ["linear__archive_issue", "linear__create_comment"], "linear"),
    ("en", "read the Google Doc https://docs.google.com/document/d/1hT9cHuRnQ3drv and then write a summary page in Notion under Strategy", ["google_drive__read_file", "notion__create_page"], "google_drive"),
    ("en", "post in the Feishu sre-oncall group that the rollback is done, and resolve Sentry API-7DC", ["feishu__send_message", "sentry__update_issue"], "feishu"),
    ("en", '1) preview the first 50 rows of marts.cohort_retention 2) write a short Notion page "Retention snapshot" under Analytics with what you see', ["bigquery__preview_table", "notion__create_page"], "notion"),
    ("en", "find the Zendesk user for ana.okafor@brisa-surf.example and check her Shopify orders", ["zendesk__search_users", "shopify__search_orders"], "zendesk"),
    ("en", "Create a HubSpot contact for Omar Haddad (omar.haddad@dunefield-trading.example), create the company Dunefield Trading and link the two", ["hubspot__create_contact", "hubspot__create_company", "hubspot__create_association"], "hubspot"),
    ("mixed", "在 Linear 建一个 bug「iOS 17 上支付页白屏」，并在飞书「移动端」群里通知大家", ["linear__create_issue", "feishu__send_message"], "linear"),
    ("zh", "先把 GitLab 上的 MR !533 合了，再把 release/6.1 分支删掉", ["gitlab__merge_merge_request", "gitlab__delete_branch"], "gitlab"),
    ("zh", "查一下 Sentry 问题 PAY-2K8 的详情，然后在 Zendesk 工单 91520 里回复客户说我们已经定位到原因", ["sentry__get_issue", "zendesk__add_ticket_comment"], "sentry"),
    ("zh", "帮我发起一个上线审批，发布 payments-api v2.14，顺便把审批链接发到「发布群」", ["feishu__create_approval_instance", "feishu__send_message"], None),
    ("zh", "Shopify 订单 #1320 标记发货，运单号 SF1402238871，还有在 Zendesk 工单 93877 里把单号告诉客户", ["shopify__create_fulfillment", "zendesk__add_ticket_comment"], "shopify"),
    ("zh", "把 ingest-worker 扩到 10 个副本，同时把 ingest 命名空间各个 pod 的资源占用拉一下", ["kubernetes__scale_deployment", "kubernetes__top_pods"], None),
    ("zh", "查下 HubSpot 里 Tessa Moreau 的联系方式，约她周五下午在飞书开个会", ["hubspot__search_contacts", "feishu__create_calendar_event"], "hubspot"),
    ("mixed", "1. 在 Notion「客户访谈」数据库里查出所有标了 pricing 的记录\n2. 把结论整理成一篇飞书文档", ["notion__query_database", "feishu__create_doc"], "notion"),
    ("mixed", "Zendesk 工单 92210 升成 urgent，然后在 Linear 给 Support Eng 建个 issue 跟进", ["zendesk__update_ticket", "linear__create_issue"], "zendesk"),
    ("zh", "把飞书上「11 月 GMV 周报」文档找出来，再用 BigQuery 跑一下 11 月 GMV 对个数", ["feishu__search_docs", "feishu__get_doc_content", "bigquery__run_query"], "feishu"),
    ("zh", "看下我下周一的日程，把「产品例会」删掉，再另约周二上午十点同一批人", ["feishu__list_calendar_events", "feishu__delete_calendar_event", "feishu__create_calendar_event"], None),
    ("mixed", "GitLab 上 platform/api 的 issue #412 加个 comment 说已修复，并把它 close 掉", ["gitlab__create_issue_note", "gitlab__update_issue"], "gitlab"),
    ("mixed", "Sentry 里把 WEB-4AA 标成 resolved，顺便在 GitLab MR !640 下留言说 Sentry 这边已经关了", ["sentry__update_issue", "gitlab__create_merge_request_note"], "sentry"),
    ("zh", "在 Google Drive 新建文件夹「2027 预算」，再把《2026 预算终版》那个表格复制进去", ["google_drive__create_folder", "google_drive__copy_file"], "google_drive"),
    ("mixed", "在 BigQuery 建个 view marts.v_active_users，然后在 Notion 的「数据字典」页面底部加一段说明", ["bigquery__create_view", "notion__append_block_children"], "notion"),
    ("zh", "把 Notion 里「Q1 路线图」页面的状态改成「已确认」，并在页面末尾加一段：范围冻结，变更走审批", ["notion__update_page_properties", "notion__append_block_children"], "notion"),
    ("mixed", "Shopify 新建产品「Kumo 羽绒背心」，price 699，然后把上海仓的库存设成 120", ["shopify__create_product", "shopify__set_inventory_level"], "shopify"),
    ("zh", "把飞书「AI 客服试点」群最近两天的消息拉一下，顺便回复李娜问上线时间的那条：下周二", ["feishu__list_chat_messages", "feishu__reply_message"], "feishu"),
    ("mixed", "k8s 里 batch 命名空间那个卡住的 pod reconcile-7f9c-kq2 删掉，然后在 Linear 建个 issue 查 root cause", ["kubernetes__delete_pod", "linear__create_issue"], "linear"),
    ("mixed", "1. Zendesk 上查一下上周所有带 refund 标签的工单\n2. 在 Shopify 查这些客户最近的订单\n3. 汇总成一个 Google Sheet", ["zendesk__search_tickets", "shopify__search_orders", "google_drive__create_file"], "zendesk"),
    ("mixed", "HubSpot deal 9912044871 的 amount 改成 36,000，再在 Feishu 上私信周婷说合同金额更新了", ["hubspot__update_deal", "feishu__send_message"], "hubspot"),
    ("mixed", "在 Linear 查一下 Growth 团队当前的 cycle，再把 GROW-318 挪进去", ["linear__list_cycles", "linear__update_issue"], "linear"),
    ("mixed", "GitLab 上从 main 拉个新分支 feat/sea-payments，然后改一下 config/payments.yml 加上 xendit 的配置，直接 commit 到新分支", ["gitlab__create_branch", "gitlab__create_or_update_file"], "gitlab"),
    ("zh", "把「Vendor 对账 11 月」那张 Google 表格的 Summary!A1:H40 读出来，然后在飞书发起一个付款审批", ["google_drive__read_sheet_range", "feishu__create_approval_instance"], "google_drive"),
]
for lang, q, g, ns in M:
    add("multi", lang, q, g, ns)


# =========================================================== long (55)
def L(lang, ask_at, parts, gold, ns=None):
    """parts: list of ("ask", text) / ("paste", text) in message order."""
    text = "\n\n".join(t for _, t in parts)
    pc = sum(len(t) for k, t in parts if k == "paste")
    add("long", lang, text, gold, ns, ask_at=ask_at, paste_chars=pc)


A, X = "ask", "paste"
SIG = """--
Omar Haddad
Head of E-commerce · Dunefield Trading LLC
Office 1204, Marina Plaza, Dubai, UAE
omar.haddad@dunefield-trading.example · +971 4 555 0142
Stores: dunefield-ae.myshopify.com · dunefield-sa.myshopify.com · dunefield-om.myshopify.com
This e-mail and any attachments are confidential. If you received it by mistake, please delete it and notify the sender."""

# ---- ask at start (13)
L("en", "start", [(A, "Open a Linear bug in team PLAT for this, priority high. The ingest worker keeps dying whenever BigQuery throws the rate-limit 403:"),
                  (X, P.py_ingest_bq(2600, seed=101))], ["linear__create_issue"], "linear")
L("zh", "start", [(A, "帮我在 Zendesk 工单 94102 里回复客户：我们查到是支付网关超时导致的，正在修复，预计今晚恢复。相关日志如下："),
                  (X, P.gateway_logs(3500, seed=102))], ["zendesk__add_ticket_comment"], "zendesk")
L("en", "start", [(A, "apply this to the staging cluster:"), (X, P.k8s_yaml(3000, seed=103, app="search-api", ns="staging"))], ["kubernetes__apply_manifest"])
L("mixed", "start", [(A, "这个 Sentry event 对应的 issue 帮我 ignore 一周，是第三方 SDK 的噪音："),
                     (X, P.sentry_event(5000, seed=104, platform="javascript", issue_id="4484120066", short_id="WEB-5TQ", project="web-frontend"))],
  ["sentry__update_issue"], "sentry")
L("en", "start", [(A, "Log a note on HubSpot deal 20318845102 (Kestrel Freight renewal) summarising this thread:"), (X, P.email_thread(4000, seed=105, theme="kestrel"))],
  ["hubspot__create_note"], "hubspot")
L("zh", "start", [(A, "根据下面群聊里定的发布时间，在我飞书日历上建个日程，把王磊和李娜也加上："), (X, P.feishu_chat(2500, seed=106, theme="release"))],
  ["feishu__create_calendar_event"], "feishu")
L("en", "start", [(A, "run this in bigquery and give me the top 10 rows:"), (X, P.sql_weekly_gmv())], ["bigquery__run_query"], "bigquery")
L("en", "start", [(A, "Leave a review comment on MR !702 — the nil check around order.Refundable() looks wrong to me, and the timeout bump needs a justification. Diff for reference:"),
                  (X, P.git_diff(5000, seed=108))], ["gitlab__create_merge_request_note"], "gitlab")
L("mixed", "start", [(A, "把这份 CSV insert 到 BigQuery 的 staging.refund_requests 表里（schema 跟表头一致）："), (X, P.csv_refund_requests(9000, seed=109))],
  ["bigquery__insert_rows"], "bigquery")
L("en", "start", [(A, "Two things: open a Zendesk ticket for Mapletrail Outfitters about the failed order sync (urgent, requester kenji@mapletrail-outfitters.example), and post a heads-up in the Feishu cs-escalations group. Their email thread:"),
                  (X, P.email_thread(3500, seed=110, theme="mapletrail"))], ["zendesk__create_ticket", "feishu__send_message"], "zendesk")
L("zh", "start", [(A, "用下面的内容在飞书新建一篇文档，标题「12 月大促复盘」："), (X, P.md_campaign_report(7000, seed=111))], ["feishu__create_doc"], "feishu")
L("en", "start", [(A, "Make a Notion page under Incidents with this timeline, title it 'SEV-2 checkout 5xx 2026-12-01':"), (X, P.md_incident_timeline(4500, seed=112))],
  ["notion__create_page"], "notion")
L("mixed", "start", [(A, "GitLab 上 platform/api 开个 issue，标题就叫 refunds handler nil pointer panic，把下面的 panic 贴进描述："), (X, P.go_panic(2200, seed=113))],
  ["gitlab__create_issue"], "gitlab")

# ---- ask in the middle (13)
L("en", "middle", [(A, "prod checkout is flapping:"), (X, P.kubectl_get_pods(1500, seed=114)),
                   (A, "Can you pull the previous container logs for the crashlooping checkout-api pod? here's the describe as well:"),
                   (X, P.kubectl_describe_pod(3000, seed=214))], ["kubernetes__get_pod_logs"])
L("mixed", "middle", [(X, P.feishu_chat(4000, seed=115, theme="growth")),
                   (A, "根据上面的讨论，在 Linear 给 Growth 团队建个 issue 跟进埋点丢失的问题。群里后面还有这些："),
                   (X, P.feishu_chat(2000, seed=215, theme="growth", start=(2026, 11, 28, 17, 40)))], ["linear__create_issue"], "linear")
L("en", "middle", [(X, P.sentry_event(9000, seed=116, issue_id="4483310927", short_id="API-7DC", project="payments-api")),
                   (A, "Mark this one resolved in next release in Sentry and add a note that the fix is in MR !733. Rest of the breadcrumbs:"),
                   (X, P.sentry_breadcrumbs(2500, seed=216))], ["sentry__update_issue", "sentry__add_issue_note"], "sentry")
L("zh", "middle", [(X, P.csv_shopify_orders(3000, seed=117, dup_focus=True)),
                   (A, "这几单都是重复扣款，先帮我把 #2291 退一笔，其他的我自己处理。下面是 Stripe 那边的扣款记录："),
                   (X, P.stripe_charge_log(2000, seed=217))], ["shopify__create_refund"], "shopify")
L("en", "middle", [(X, P.email_thread(2500, seed=118, theme="signup")),
                   (A, "Add him as a contact in HubSpot and create the company too. His signature:"), (X, SIG)],
  ["hubspot__create_contact", "hubspot__create_company"], "hubspot")
L("zh", "middle", [(X, P.java_stack(5000, seed=119)),
                   (A, "这个报错已经影响到客户下单了，帮我在 Zendesk 搜一下最近几天有没有客户报「订单提交失败」的工单。后面是完整日志："),
                   (X, P.java_stack(4000, seed=219))], ["zendesk__search_tickets"], "zendesk")
L("en", "middle", [(X, P.sql_with_plan(3500, seed=120)),
                   (A, "What's the actual schema of analytics.events_raw? I suspect event_ts isn't the partition column. The error we got:"),
                   (X, P.bq_error_json())], ["bigquery__get_table_schema"])
L("mixed", "middle", [(X, P.k8s_yaml(6000, seed=121, app="payments-api", ns="pay")),
                      (A, "这个 deployment 先 rollback 到上一个 revision，新配置有问题。下面是这次改的 diff："),
                      (X, P.git_diff(2000, seed=221))], ["kubernetes__rollout_undo"])
_zt = P.csv_zendesk_tickets(15000, seed=122).split("\n")
_cut = len("\n".join(_zt)) and next(i for i in range(len(_zt)) if len("\n".join(_zt[:i])) > 12000)
L("en", "middle", [(X, "\n".join(_zt[:_cut])),
                   (A, "Put all of this into a new Google Sheet in the Support/Reports folder, name it 'Nov tickets export'. remaining rows:"),
                   (X, "\n".join(_zt[_cut:]))], ["google_drive__create_file"], "google_drive")
L("zh", "middle", [(X, P.md_meeting_notes(3000, seed=123)),
                   (A, "把会上定的三件事在 Notion「产品周会」数据库里各建一条记录。附上负责人表："), (X, P.md_table_owners(1500, seed=223))],
  ["notion__create_page"], "notion")
L("en", "middle", [(X, P.node_hubspot(2500, seed=124)),
                   (A, "search Sentry for unresolved issues matching HubSpotRateLimitError in the integrations project. more of the log:"),
                   (X, P.node_hubspot(1500, seed=224))], ["sentry__search_issues"], "sentry")
L("mixed", "middle", [(X, P.kubectl_describe_node(4000, seed=125)),
                      (A, "ip-10-4-33-18 这台要换盘，帮我 drain 掉。其他节点现在的状态："), (X, P.kubectl_nodes(1200, seed=225))],
  ["kubernetes__drain_node"])
L("zh", "middle", [(X, P.feishu_chat(2000, seed=126, theme="approval")),
                   (A, "帮我查一下这个审批 7C1F2A9E-3B0D-4E51-A8F2-91D0C6E4B7A3 现在卡在哪一步了。下面是审批单的内容："), (X, P.approval_form())],
  ["feishu__get_approval_instance"], "feishu")

# ---- ask at the end (17)
L("en", "end", [(X, P.py_airflow_gcs(1200, seed=127)), (A, "file this as a GitLab issue in data/pipelines, label it airflow")], ["gitlab__create_issue"], "gitlab")
L("mixed", "end", [(X, P.feishu_chat(6000, seed=128, theme="complaint")), (A, "帮我在 Zendesk 给禾木科技开个工单，优先级 urgent，requester 用陈总的邮箱")],
  ["zendesk__create_ticket"], "zendesk")
L("en", "end", [(X, P.sentry_event(15000, seed=129, platform="javascript", issue_id="4485002179", short_id="WEB-6H1", project="web-frontend")),
                (A, "create a Linear issue in team WEB for this and attach the Sentry issue link to it")], ["linear__create_issue", "linear__link_url_to_issue"], "linear")
L("mixed", "end", [(X, P.pod_logs_pg_redis(8500, seed=130)), (A, "先帮我把 pay 命名空间的 payments-api rollout restart 一下，连接池应该是卡死了")],
  ["kubernetes__rollout_restart"])
L("en", "end", [(X, P.csv_hubspot_contacts(5000, seed=131)), (A, "set lifecycle stage to customer for rafael.costa@brisa-surf.example in HubSpot, the rest stay as they are")],
  ["hubspot__update_contact"], "hubspot")
L("mixed", "end", [(X, P.sql_refund_rate_view()), (A, "帮我在 BigQuery 里把上面这段存成 view：marts.v_refund_rate")], ["bigquery__create_view"], "bigquery")
L("en", "end", [(X, P.email_thread(3000, seed=133, theme="audit")), (A, "Share the Drive folder 'Kestrel audit 2026' with both of them as viewers")],
  ["google_drive__share_file"], "google_drive")
L("mixed", "end", [(X, P.git_diff(10000, seed=134)), (A, "帮我在 GitLab 开个 MR，从 feat/refund-v2 到 main，description 就写上面这些改动的总结")],
  ["gitlab__create_merge_request"], "gitlab")
L("en", "end", [(X, P.md_prd(4000, seed=135)), (A, "post this as a comment on ENG-3102 so the eng folks can react")], ["linear__create_comment"], "linear")
L("zh", "end", [(X, P.email_zh(2000, seed=136)), (A, "订单 #1388 帮我按邮件里的新地址改一下收货地址")], ["shopify__update_order"], "shopify")
L("en", "end", [(X, P.ci_job_log(7000, seed=137)), (A, "open a Linear issue for the Platform team about the flaky helm smoke test, and comment on MR !719 with a link to it")],
  ["linear__create_issue", "gitlab__create_merge_request_note"], "gitlab")
L("zh", "end", [(X, P.csv_shopify_orders(11000, seed=138)), (A, "帮我在 Shopify 里把现在还没发货的订单搜出来，我跟上面这份导出对一下")],
  ["shopify__search_orders"], "shopify")
L("mixed", "end", [(X, P.kubectl_events(3000, seed=139)), (A, "把这个告警摘要发到飞书「SRE 值班」群里，@一下 oncall")], ["feishu__send_message"], "feishu")
L("en", "end", [(X, P.sentry_event(2500, seed=140, issue_id="4483310927", short_id="API-7DC", compact=True)), (A, "that's from yesterday. list the events on this issue since then — is it only the 3.8.2 release?")],
  ["sentry__list_issue_events"], "sentry")
L("mixed", "end", [(X, P.java_stack(18000, seed=141)), (A, "在 Sentry 上把这个 issue（BACKEND-5RT）指派给周婷")], ["sentry__update_issue"], "sentry")
L("en", "end", [(X, P.zendesk_conversation(3500, seed=142)), (A, "apply the 'Escalate to Tier 2' macro on 95510")], ["zendesk__apply_macro"], "zendesk")
L("mixed", "end", [(X, P.bq_jobs_list(9500, seed=143)), (A, "那个跑了 40 分钟的 bquxjob_5e1d29c0_18d41b7f3a2 帮我 cancel 掉")], ["bigquery__cancel_job"])

# ---- ask absent (12): no ask, or only explain / summarise / translate -> gold []
L("en", "absent", [(X, P.py_short_trace())], [])
L("zh", "absent", [(X, P.feishu_chat(5000, seed=145, theme="alert")), (A, "帮我总结一下这段聊天说了啥")], [])
L("en", "absent", [(X, P.hpa_only(seed=146)), (A, "what does this HPA config actually do when traffic spikes?")], [])
L("zh", "absent", [(X, P.email_thread(3000, seed=147, theme="kestrel")), (A, "翻译成中文")], [])
L("en", "absent", [(X, P.sentry_event(10000, seed=148, platform="python", issue_id="4486120457", short_id="API-8K2"))], [])
L("zh", "absent", [(X, P.sql_explain_me()), (A, "解释一下这条 SQL 在干嘛")], [])
L("en", "absent", [(X, P.git_diff(4500, seed=150)), (A, "explain this diff to me like I'm a PM")], [])
L("mixed", "absent", [(X, P.kubectl_short()), (A, "这个 Lost 是啥意思？")], [])
L("en", "absent", [(A, "summarise the trends in this export:"), (X, P.csv_sales_export(13000, seed=152))], [])
L("zh", "absent", [(X, P.zh_short_log())], [])
L("en", "absent", [(X, P.go_panic(19300, seed=154))], [])
L("zh", "absent", [(A, "帮我把这段翻译成中文："), (X, P.md_prd(2500, seed=155))], [])

# =========================================================== no_tool (25)
N = [
    ("en", "what's the difference between a Deployment and a StatefulSet, in plain words?", None),
    ("en", "write me a polite email declining a vendor meeting next week", None),
    ("en", "what's 17.5% of 48,200?", None),
    ("en", "how do I write a window function in SQL to get a running total?", None),
    ("en", "can you check our Stripe dashboard for new disputes?", None),
    ("en", "thanks, that's all for today!", None),
    ("en", "open a PagerDuty incident for the checkout outage", None),
    ("en", "give me a regex that matches Linear issue ids like ENG-123", "linear"),
    ("en", "what does HTTP 429 mean and how should a client back off?", None),
    ("en", "send a Slack DM to Priya that I'm running late", None),
    ("en", "brainstorm 5 names for our new loyalty program", None),
    ("en", "how do sentry's sampleRate and tracesSampleRate differ?", "sentry"),
    ("zh", "帮我写一段年终总结的开头，语气轻松一点", None),
    ("zh", "Kubernetes 里 requests 和 limits 有什么区别？", "kubernetes"),
    ("zh", "把这句话翻译成英文：我们会在下个版本修复这个问题", None),
    ("zh", "帮我在钉钉上发个通知给全员", None),
    ("mixed", "BigQuery 的 on-demand pricing 大概多少钱一 TB？", "bigquery"),
    ("zh", "今天几号？下周三是几号？", None),
    ("mixed", "帮我想一个 git commit message，改动是修复退款金额四舍五入的问题", None),
    ("zh", "Jira 上帮我建个任务", None),
    ("mixed", "OKR 和 KPI 有啥区别，简单说下", None),
    ("zh", "你好呀，在吗", None),
    ("mixed", "帮我算一下：月活 12.4 万，付费率 3.2%，ARPPU 58 元，月收入多少？", None),
    ("zh", "飞书和钉钉哪个更适合 50 人的小团队？", "feishu"),
    ("mixed", "写个 Python 函数，把 Shopify 订单号 #1043 这种格式解析成数字", "shopify"),
]
for lang, q, ns in N:
    add("no_tool", lang, q, [], ns)

if __name__ == "__main__":
    for i, q in enumerate(Q, 1):
        q["id"] = f"mcpws-{i:03d}"
    with open(OUT, "w", encoding="utf-8") as fh:
        for q in Q:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(len(Q), "queries written")
