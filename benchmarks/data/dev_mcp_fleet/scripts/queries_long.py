# Long requests with pasted material. The ASK lines are hand-written; paste blocks come from pastes.py / pastes_hand.py.
# Each entry: dict(id, lang, ask_at, gold, names_server, segs=[("a", text) | ("p", text)], sep="\n\n")
import pastes as P
import pastes_hand as H

LONG = []


def L(id, lang, ask_at, gold, segs, ns=None, sep="\n\n"):
    LONG.append(dict(id=id, lang=lang, ask_at=ask_at, gold=gold, names_server=ns, segs=segs, sep=sep))


# ============================================================ ask at START (12)
L("l01", "en", "start", ["jira__create_issue"], [
    ("a", "Open a Jira bug in PAY for this, priority High, put the trace in the description. It's the refunds endpoint again:"),
    ("p", P.py_trace(2600, seed=21))], "jira")

L("l02", "mixed", "start", ["slack__post_message"], [
    ("a", "帮我在 Slack 的 #inc-checkout 里发条消息：ledger-api 的 5xx 监控又响了，跟上周是不是同一个问题？把下面的监控定义贴在消息里："),
    ("p", P.dd_monitor_json())], "slack")

L("l03", "en", "start", ["stripe__create_refund"], [
    ("a", "Refund these charges in full, all of them were billed after the accounts were closed. Export from finance below (they pulled it from the pg replica):"),
    ("p", P.charges_csv(700, seed=31))], "stripe")

L("l04", "en", "start", ["github__create_issue", "slack__post_message"], [
    ("a", "Create a GitHub issue in fernhill/ledger with this log excerpt and ping #ledger with the link. Log from the ledger-api task:"),
    ("p", P.cw_json_log(4500, seed=41))], "github")

L("l05", "mixed", "start", ["postgres__explain_query"], [
    ("a", "把下面这个 SQL 在 staging 库上 explain analyze 一下，看看为啥这么慢："),
    ("p", P.BIG_SQL)], None)

L("l06", "en", "start", ["pagerduty__list_oncalls"], [
    ("a", "Who's on call for ledger-api right now? I need a human. For context, here's the alert feed from the last hour:"),
    ("p", P.alert_feed(12000, seed=61))], None)

L("l07", "mixed", "start", ["confluence__create_page"], [
    ("a", "在 Confluence 的 PAY 空间建一页，标题「2026-12-01 ledger-api 故障复盘」，把下面这份纪要原样放进去："),
    ("p", H.ZH_POSTMORTEM)], "confluence")

L("l08", "mixed", "start", ["pagerduty__add_incident_note"], [
    ("a", "把下面这个时间线加到 INC-51239 的备注里："),
    ("p", H.PD_TIMELINE)], "pagerduty")

L("l09", "en", "start", ["aws__put_object"], [
    ("a", "Upload this to S3 as s3://fh-incident-artifacts/2026-12-01/checkout-5xx.log (text/plain), it's the nginx log from the edge box:"),
    ("p", P.nginx_log(15000, seed=91))], "aws")

L("l10", "mixed", "start", ["google_calendar__create_event"], [
    ("a", "帮我在日历上约个会讨论下面这份 Terraform 变更，周四下午两点，一小时，拉上 rui@fernhill.io 和 kemal@fernhill.io："),
    ("p", P.tf_plan(3000, seed=101))], None)

L("l11", "en", "start", ["datadog__create_monitor"], [
    ("a", "Create a Datadog monitor from this definition (exported from the old org, drop the id):"),
    ("p", P.dd_monitor_json())], "datadog")

L("l12", "en", "start", ["github__add_issue_comment", "github__rerun_workflow"], [
    ("a", "Post this benchmark as a comment on PR #2140 in fernhill/api, then re-run the failed jobs of CI run 9934120:"),
    ("p", H.BENCH)], "github")

# ============================================================ ask in the MIDDLE (12)
L("l13", "mixed", "middle", ["jira__create_issue"], [
    ("a", "昨晚 ledger 的对账任务又挂了，pg 日志如下："),
    ("p", P.pg_log(3000, seed=131)),
    ("a", "麻烦在 Jira 的 INFRA 项目里建个任务跟进一下，标题就叫「对账任务死锁」。下面是那台机器的 crontab，供参考："),
    ("p", H.CRONTAB)], "jira")

L("l14", "en", "middle", ["stripe__list_invoices"], [
    ("a", "Context: customer thread below."),
    ("p", H.EMAIL_CUSTOMER_1),
    ("a", "Can you pull her invoices from Stripe (cus_V3hJ7kLp2Q)? Rest of the thread for completeness:"),
    ("p", H.EMAIL_CUSTOMER_2)], "stripe")

_t = P.slack_transcript(9200, seed=151)
_cut = _t.find("\n", len(_t) // 2)
L("l15", "en", "middle", ["confluence__search"], [
    ("p", _t[:_cut]),
    ("a", "^ that's the first half of #inc-ledger from last night. Please search Confluence for a runbook that covers ledger drift / reconcile deadlocks and send me the link. Second half:"),
    ("p", _t[_cut + 1:])], "confluence")

L("l16", "mixed", "middle", ["datadog__update_monitor"], [
    ("p", P.dd_monitor_json()),
    ("a", "帮我把这个监控的 critical 阈值从 2% 改到 5%，warning 改到 3%，id 在上面。下面是这几天的状态变化："),
    ("p", P.dd_monitor_state_history(1400, seed=161))], None)

_y = P.k8s_yaml(3200, seed=171)
_c = _y.find("\n---", len(_y) // 2)
L("l17", "en", "middle", ["aws__create_snapshot", "aws__stop_instances"], [
    ("p", _y[:_c]),
    ("a", "Before we roll this out: snapshot the old worker's volume vol-0f9e8d7c6b5a43210 and stop the old worker i-0a1b2c3d4e5f67890 on EC2. Rest of the manifest:"),
    ("p", _y[_c + 1:])], "aws")

_d = P.diff_text(4600, seed=181)
_dc = _d.find("\n@@", 2600)
L("l18", "en", "middle", ["postgres__query"], [
    ("p", _d[:_dc]),
    ("a", "This PR drops legacy_refunds. Before I approve, run a read-only SELECT count(*) on legacy_refunds in prod so we know if anything is still in there. Rest of the diff:"),
    ("p", _d[_dc + 1:])], None)

L("l19", "zh", "middle", ["google_calendar__create_event"], [
    ("p", H.ZH_CHAT),
    ("a", "帮我把上面说的周四下午评审会建到日历上，3 点到 4 点，加个 Meet 链接，邀请 rui、kemal、mara、priya（都是 @fernhill.io）。后面的聊天不用管："),
    ("p", H.ZH_CHAT_TAIL)], None)

_ci = P.ci_log(10400, seed=201)
_cc = _ci.find("\n", len(_ci) // 2)
L("l20", "mixed", "middle", ["github__rerun_workflow"], [
    ("p", _ci[:_cc]),
    ("a", "这个 run 是 flaky 的，帮我把 fernhill/api 的 run 9951207 失败的 job 重跑一下。后面是剩下的日志："),
    ("p", _ci[_cc + 1:])], None)

L("l21", "en", "middle", ["pagerduty__merge_incidents"], [
    ("p", P.pd_incident_json()),
    ("a", "This one and INC-51240 are the same outage. Merge 51240 into INC-51239 please. Alerts attached to both for reference:"),
    ("p", P.pd_alerts_json(1600, seed=211))], "pagerduty")

_e = P.ec2_cost_csv(4200, seed=221, pinned=[("i-07c1d2e3f4a5b6789", "old-canary-2", 97, 412.80),
                                              ("i-08d2e3f4a5b6c7890", "qa-runner-4", 74, 288.15),
                                              ("i-09e3f4a5b6c7d8901", "reports-etl-3", 63, 655.40)])
_ec = _e.find("\n", 3000)
L("l22", "mixed", "middle", ["aws__terminate_instances", "slack__post_message"], [
    ("p", _e[:_ec]),
    ("a", "上面 days_idle 超过 60 天的那三台（i-07c1d2e3f4a5b6789, i-08d2e3f4a5b6c7890, i-09e3f4a5b6c7d8901）直接 terminate，然后在 #finops 里说一下省了多少钱。剩下的行："),
    ("p", _e[_ec + 1:])], "aws")

_a = P.app_yml(2600, seed=231)
_ac = _a.find("\n  ", 1500)
L("l23", "en", "middle", ["confluence__add_label"], [
    ("p", _a[:_ac]),
    ("a", "Half of these flags are dead. Add the label 'deprecated' to the Confluence page that documents them (page id 90011234). Rest of the file:"),
    ("p", _a[_ac + 1:])], "confluence")

L("l24", "en", "middle", ["slack__reply_to_thread"], [
    ("p", H.SQL_ERR_SNIPPET),
    ("a", "share this in the #dba thread from this morning (channel C04DBA0001, ts 1764660012.001200) pls, plus this note:"),
    ("p", H.SQL_ERR_SNIPPET2)], "slack")

# ============================================================ ask at the END (16)
L("l25", "en", "end", ["github__create_issue"], [
    ("p", P.go_panic(3000, seed=251)),
    ("a", "can you open a GitHub issue for this in fernhill/api? label it bug + p1")], "github")

L("l26", "mixed", "end", ["aws__get_metric_data"], [
    ("p", P.nginx_log(2000, seed=261)),
    ("a", "这是 ALB 后面 nginx 的日志，帮我在 CloudWatch 上拉一下 app/checkout-alb 的 HTTPCode_Target_5XX_Count 最近 3 小时的数据")], "aws")

L("l27", "en", "end", ["jira__search_issues"], [
    ("p", P.pg_log(19500, seed=271, db="billing_prod", user="billing")),
    ("a", "^ the billing db log from last night. Before I file anything: is there already a Jira ticket about slow invoice listing / statement timeouts? search PAY")], "jira")

L("l28", "mixed", "end", ["stripe__search_customers"], [
    ("p", H.ZH_CUSTOMER_EMAIL),
    ("a", "帮我在 Stripe 里按邮箱把这个客户找出来")], "stripe")

L("l29", "en", "end", ["jira__move_issues_to_sprint", "jira__add_comment"], [
    ("p", P.jira_csv(4000, seed=291)),
    ("a", "Move PAY-2301, PAY-2305 and PAY-2311 into the next sprint (id 812) and add a comment on each saying they slipped because of the incident.")], "jira")

L("l30", "en", "end", ["aws__get_log_events"], [
    ("p", P.dd_log_export(6000, seed=301)),
    ("a", "that's what datadog has. pull the same window from CloudWatch log group /aws/lambda/export-worker so I can compare, I think DD is dropping lines")], "aws")

L("l31", "mixed", "end", ["pagerduty__create_schedule_override"], [
    ("p", P.pd_schedule_md(2500, seed=311)),
    ("a", "下周六（12/12）我跟 Tomás 换班，帮我在 PagerDuty 的 ledger primary 排班上建个 override，他顶我 00:00 到 24:00")], "pagerduty")

L("l32", "en", "end", ["pagerduty__resolve_incident"], [
    ("p", P.slack_transcript(11000, seed=321, channel="#payments-eng")),
    ("a", "ok based on all that we're good. mark INC-51177 resolved in PD")], "pagerduty")

L("l33", "en", "end", ["github__create_pull_request_review"], [
    ("p", P.diff_text(3500, seed=331)),
    ("a", "looks fine to me. approve it — PR #2155 in fernhill/billing-svc")], "github")

L("l34", "mixed", "end", ["postgres__list_slow_queries"], [
    ("p", P.pgss_csv(9000, seed=341)),
    ("a", "这是上周导出的 pg_stat_statements，帮我拉一下现在的 top 20 慢查询（按 total time），看看有没有变化")], "postgres")

L("l35", "mixed", "end", ["aws__describe_security_groups"], [
    ("p", P.tf_plan(2200, seed=351)),
    ("a", "plan 里加了好几条 5432 的 ingress，帮我列一下 vpc-0a12b34c5d6e7f890 里现在的安全组和入站规则")], "aws")

L("l36", "en", "end", ["confluence__create_page", "slack__post_message"], [
    ("p", H.POSTMORTEM_MD),
    ("a", "Create this as a page under 'Postmortems 2026' (parent id 77100021) in the PAY space on Confluence, then post the link in #incidents.")], "confluence")

L("l37", "zh", "end", ["google_calendar__delete_event"], [
    ("p", H.ZH_MEETING_OKR),
    ("a", "按纪要第 3 条，把我日历上周五那个 Q1 OKR 对齐会删掉，通知所有参会人")], None)

L("l38", "en", "end", ["stripe__void_invoice"], [
    ("p", H.STRIPE_INVOICE_WEBHOOK),
    ("a", "void in_1QcZ9pLm4n5o6p, billing-cron sent it by mistake")], "stripe")

L("l39", "mixed", "end", ["slack__set_channel_topic"], [
    ("p", P.ci_log(14000, seed=391)),
    ("a", "main 又红了。帮我在 Datadog 上建个 downtime？不对不对，是把 Slack #ci-alerts 频道的 topic 改成 'main is red – don't merge'")], "slack")

L("l40", "en", "end", ["aws__describe_instances"], [
    ("p", P.dd_hosts_json(2600, seed=401)),
    ("a", "datadog says some of these are down. which of them are actually still running in EC2? describe them on the AWS side")], "aws")

# ============================================================ no tool ask (10): pure paste, or explain / summarise / translate only
L("l41", "en", "absent", [], [
    ("p", P.pg_log(2500, seed=411))], None)

L("l42", "en", "absent", [], [
    ("p", P.stripe_events(8500, seed=421))], None)

L("l43", "mixed", "absent", [], [
    ("a", "解释一下这个报错是啥意思？是数据库的问题还是我们代码的问题"),
    ("p", P.java_trace(2000, seed=431))], None)

L("l44", "en", "absent", [], [
    ("a", "summarise this thread for me in 3 bullets, I don't have time to read it"),
    ("p", H.EMAIL_PD_CONTRACT)], None)

L("l45", "en", "absent", [], [
    ("p", P.slack_transcript(13000, seed=451, channel="#inc-ledger")),
    ("a", "tl;dr?")], None)

L("l46", "zh", "absent", [], [
    ("a", "把这段翻译成英文，发给海外同事看："),
    ("p", H.ZH_INCIDENT_NOTES)], None)

L("l47", "en", "absent", [], [
    ("p", P.tf_plan(4000, seed=471))], None)

L("l48", "en", "absent", [], [
    ("p", H.JIRA_CSV_SHORT)], None)

L("l49", "mixed", "absent", [], [
    ("a", "（fyi，下午 ledger 的 pod 事件）"),
    ("p", P.k8s_events(3500, seed=491))], None)

L("l50", "en", "absent", [], [
    ("p", P.EXPLAIN),
    ("a", "what does this plan tell me? is the index even being used? just explain, don't run anything")], None)
