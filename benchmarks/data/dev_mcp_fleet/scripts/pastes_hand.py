# Hand-written pasted material (e-mails, notes, chats, configs). Invented people and companies.

EMAIL_CUSTOMER_1 = """From: Helene Vasquez <helene.vasquez@brightmoor-labs.example>
To: support@fernhill.io
Date: Mon, 30 Nov 2026 16:12:09 -0500
Subject: Re: [SUP-8840] Invoice for November looks wrong

Hi again,

Thanks for the quick answer last week. Unfortunately the November invoice still shows 42 seats while our admin
console (and your own usage export, which I attached as a CSV) says we dropped to 30 on Nov 3. Our finance team
ran the numbers against what our Postgres-backed internal tool recorded and we're off by 12 seats x 19 days.

Also — and this is the part that worries me — our card was charged twice on Nov 28 (two identical amounts a few
seconds apart). Our bank shows both as settled. Could someone check? Our account email is billing@brightmoor-labs.example.

Best,
Helene

> On Tue, 24 Nov 2026 at 10:03, Fernhill Support <support@fernhill.io> wrote:
> Hi Helene, thanks for reaching out. Seat changes are prorated on the next invoice. If the November invoice still
> looks off after it finalizes, reply here and we'll escalate to billing engineering. — Jonas, Fernhill Support
"""

EMAIL_CUSTOMER_2 = """> On Wed, 18 Nov 2026 at 09:41, Helene Vasquez wrote:
> Quick question before our renewal: do you support annual billing with a PO? Our procurement uses Coupa and
> wants invoices with our PO number (BML-PO-22817) in the memo field. We'd also like to move the billing
> contact to ap@brightmoor-labs.example.
>
> > On Mon, 16 Nov 2026 at 15:20, Fernhill Support wrote:
> > Hi Helene, welcome aboard! Your workspace is on the Team plan (monthly). You can see invoices under
> > Settings -> Billing. For SSO (Okta / Entra ID) you'll need the Business plan. Let us know if anything is unclear.
> > Our status page is status.fernhill.io and incidents are posted in real time (we page our on-call via PagerDuty).
"""

EMAIL_PD_CONTRACT = """From: Ivo Brandt <ivo.brandt@fernhill.io>
To: Dana Whitfield <dana.whitfield@fernhill.io>; Kemal Arslan <kemal.arslan@fernhill.io>
Subject: Fwd: Renewal — incident tooling
Date: Tue, 1 Dec 2026 08:55

Dana, Kemal — see below. I need a decision by Dec 10. My take: we keep PagerDuty for paging but stop paying for
the extra "AIOps" add-on, since Datadog already groups alerts before they reach PD. Kemal, can you confirm the
event-grouping thing actually works for ledger-api? Last month INC-50913 created 14 incidents for one outage.

---------- Forwarded message ---------
From: Account Team <renewals@vendor-mail.example>
Date: Mon, 30 Nov 2026
Subject: Renewal — incident tooling

Hi Ivo,
Your current term ends Dec 31, 2026. Current footprint: 64 Business seats, AIOps add-on (event orchestration
+ noise reduction), Status Page (1 public page), and 2 stakeholder licences.
Renewal options:
  A) Same footprint, 3% uplift, 12 months.
  B) Drop AIOps, keep seats: -18% vs. today.
  C) 24-month term, same footprint, price locked.
We'd love to set up a call this week. Also flagging that the REST API v1 endpoints you still call from your
Jira automation (per our logs) are sunset on March 31, 2027.
Thanks, Lea

---------- Reply ---------
From: Dana Whitfield
Date: Tue, 1 Dec 2026 09:20
Honestly B. The Slack integration and the Confluence postmortem export are all we use beyond paging. And the
Jira automation can move to the v2 API — Rui said it's half a day. Kemal?

---------- Reply ---------
From: Kemal Arslan
Date: Tue, 1 Dec 2026 09:47
B is fine for ledger. Grouping in Datadog works if the monitors tag service correctly — 48812377 does,
the pg connection monitor doesn't (no service tag), that's what caused the INC-50913 storm. I'll fix the tag.
One caveat: stakeholder licences — finance (Olga) reads incident status during Stripe payout issues, keep 1.
"""

PD_TIMELINE = """14:02 UTC — Datadog monitor 48812377 "[ledger-api] 5xx error rate > 2%" triggers, PD pages Tomás (primary)
14:04 — Tomás acks. #inc-ledger opened in Slack. CloudWatch alarm rds-ledger-cpu-high also in ALARM
14:09 — Kemal: pg primary at 497/500 connections; pgbouncer pool exhausted. `SELECT * FROM pg_stat_activity` shows
        180 sessions from reconcile cron stuck on `UPDATE ledger_entries ... WHERE batch_id = $1` (lock wait)
14:13 — backfill job (fernhill/ledger jobs/backfill.py, started 13:50 by a GitHub Actions manual dispatch) identified
        as the other lock holder; Kemal terminates pid 48190
14:16 — 5xx rate drops below 1%. Replica lag peaked at 41s
14:21 — Stripe webhook endpoint we_1Q9xL recovering; 37 webhook deliveries retried, duplicates possible (PAY-2310)
14:40 — monitor recovers; leaving incident open 30 min to watch
15:12 — no recurrence. Follow-ups: lock ordering in backfill (PAY-2311), feature-flag the backfill, postmortem in Confluence
"""

CRONTAB = """# ledger-reconcile host cron (ip-10-42-3-17), managed by ansible — do not edit by hand
SHELL=/bin/bash
MAILTO=""
0 2 * * *   ledger  /opt/ledger/bin/reconcile --since=yesterday --db=$PG_URL >> /var/log/ledger/reconcile.log 2>&1
*/15 * * * * ledger /opt/ledger/bin/stripe-sync --window=30m >> /var/log/ledger/stripe-sync.log 2>&1
30 3 * * *  ledger  aws s3 cp /var/backups/ledger/ s3://fh-ledger-snapshots/daily/ --recursive --only-show-errors
"""

ZH_POSTMORTEM = """# 12 月 1 日 ledger-api 故障复盘会议纪要

参会：林晓、Kemal、Tomás、Rui、Mara（记录）
时间：2026-12-01 16:00-17:00

## 1. 事故概述
- 14:02 Datadog 监控 48812377（ledger-api 5xx > 2%）告警，PagerDuty 呼叫 Tomás，INC-51239。
- 影响：约 14 分钟内结算接口 /v1/settle 5xx 比例最高 7.8%，部分 Stripe webhook 重试，可能产生重复账目。
- 根因：每天 02:00 的对账 cron 和手动触发的 backfill 任务以不同顺序锁 ledger_entries 行，导致大量锁等待和死锁，
  pgbouncer 连接池耗尽，主库连接数到 497/500。

## 2. 时间线
- 13:50 Rui 在 GitHub Actions 里手动触发 backfill（fernhill/ledger 的 jobs/backfill.py）。
- 14:02 告警；14:04 Tomás 认领，并在 Slack 开了 #inc-ledger。
- 14:09 Kemal 确认连接池耗尽，pg_stat_activity 里 180 个会话在等锁。
- 14:13 Kemal 杀掉 backfill 的 pid 48190。
- 14:16 5xx 降到 1% 以下；只读副本延迟最高 41 秒。
- 15:12 观察无复发，事故关闭。

## 3. 做得好的
- 告警到认领 2 分钟，Slack 频道开得及时。
- CloudWatch 和 Datadog 的数据能对上，定位很快。

## 4. 需要改进
- backfill 没有走变更流程，也没有开关；以后必须走 feature flag。
- pg 连接监控没有打 service 标签，导致 PagerDuty 里告警没有合并，一次故障建了好几个事故。
- Stripe webhook 幂等键设计有问题，重复请求会写两条 ledger 记录（PAY-2310）。

## 5. 待办
| 事项 | 负责人 | Jira | 截止 |
|---|---|---|---|
| backfill 加锁顺序 + 开关 | Rui | PAY-2311 | 12/08 |
| 修复 webhook 幂等 | Tomás | PAY-2310 | 12/10 |
| pg 连接监控补 service 标签 | Kemal | INFRA-912 | 12/03 |
| 清理重复账目（SQL 脚本需 DBA 审核） | 林晓 | PAY-2315 | 12/05 |
| 评估把对账任务从 EC2 cron 迁到 ECS 定时任务 | Kemal | INFRA-915 | 12/20 |
"""

ZH_CHAT = """【周会群聊记录 12/01】
林晓：大家下午好，这周主要三件事：ledger 复盘、Q1 预算、新同学 onboarding
Kemal：复盘文档我今晚写完，放 Confluence PAY 空间
Tomás：PAY-2310 那个幂等问题我周三前给方案
林晓：好。另外 Q1 的 OKR 对齐会原定周五，我想改成线上
Rui：周四下午我们要评审 backfill 的改造方案，最好大家都在
林晓：周四下午可以，定 3 点到 4 点吧，会议室不够就开 Meet
Mara：我那天 2 点半有个客户电话，3 点没问题
Kemal：+1，我把 pg 连接数的监控也一起讲一下
林晓：Priya 那边的 checkout SLO 这个月烧了 30% 预算，要不要也拉她？
Tomás：拉吧，她对 Stripe 那块熟
"""

ZH_CHAT_TAIL = """林晓：还有 onboarding，新同学下周一入职，账号找 IT 开，GitHub 组织和 Jira 权限我来弄
Rui：AWS 的只读权限也要，S3 导出桶那边
Mara：PagerDuty 先别加，等他熟悉一个月
林晓：OK，就这样，散会
"""

ZH_MEETING_OKR = """## 周二管理例会纪要（12/01）
1. 预算：Q1 云成本目标下降 12%，重点是 EC2 闲置机器和 S3 生命周期（财务 Olga 跟进，Datadog 成本看板已建）。
2. 招聘：后端 2 个 HC 已批，JD 下周发。
3. Q1 OKR 对齐会：原定 12/04 周五 10:00，经讨论取消，改成各组异步在 Confluence 上更新 OKR 页面，不再单独开会。
4. 值班：圣诞期间 PagerDuty 排班由 Dana 负责协调，Stripe 支付相关告警维持高优先级。
5. 其他：Slack 里 #random 频道消息太多，建议关注 #announcements。
6. 故障复盘：12/01 ledger-api 故障（INC-51239）复盘文档 Kemal 今晚放到 Confluence，相关 Jira 待办在 PAY-2310 ~ PAY-2316。
7. 安全：S3 导出桶 fh-exports 的访问密钥本周轮换（INFRA-904），GitHub Actions 里用到的 secret 同步更新。
8. 下次例会：12/08 周二 10:00，地点不变。
"""

ZH_INCIDENT_NOTES = """事故简报（INC-51239）
- 现象：12 月 1 日 14:02 起 ledger-api 结算接口大量 5xx，持续约 14 分钟。
- 原因：对账定时任务与手动 backfill 同时更新 ledger_entries，锁顺序不一致，导致死锁和连接池耗尽。
- 处理：DBA 终止 backfill 进程（pid 48190）后恢复；Stripe webhook 重试可能造成少量重复记账，正在核对。
- 影响：约 1,900 次结算请求失败，绝大部分客户端重试后成功；只读副本延迟最高 41 秒，报表导出短暂读到旧数据。
- 告警：Datadog 监控 48812377 触发并通过 PagerDuty 呼叫值班；CloudWatch 的 RDS CPU 告警同时触发。
- 后续：backfill 增加开关与锁顺序修复；pg 连接监控补充 service 标签；复盘文档见 Confluence。
"""

ZH_CUSTOMER_EMAIL = """发件人：周敏 <zhou.min@lianhe-trading.example>
主题：关于 11 月重复扣款的问题

您好，

我们公司（联合贸易）的信用卡在 11 月 28 日被扣了两次同样的金额 1,299 美元，时间只差几秒钟。
我们财务核对了银行流水，两笔都已入账。我们这边的账号邮箱是 zhou.min@lianhe-trading.example，
订阅的是 Business 年付方案。麻烦尽快帮我们核实一下，如果确实是重复扣款，请退回其中一笔。

另外，之前贵司客服说发票可以开我们的 PO 号（LH-PO-5521），但 11 月的发票上没有看到，也请一并处理。

谢谢！
周敏
联合贸易 财务部
"""

POSTMORTEM_MD = """# Postmortem: ledger-api settlement 5xx (INC-51239) — 2026-12-01

**Status:** Draft · **Authors:** Kemal Arslan, Mara Okafor · **Severity:** SEV-2 · **Duration:** 14 min customer impact

## Summary
Between 14:02 and 14:16 UTC, ~7.8% of `/v1/settle` requests on ledger-api returned 5xx. The nightly reconcile
job and a manually dispatched backfill (GitHub Actions `backfill.yml`) updated `ledger_entries` rows in opposite
order, causing lock waits and deadlocks in Postgres. pgbouncer's pool filled up (497/500 server connections on the
primary) and request handlers timed out.

## Impact
- 1,942 failed settlement calls; clients retried, 1,911 eventually succeeded.
- Stripe webhook deliveries to `we_1Q9xL` failed for ~12 min; Stripe retried 37 events. Because of PAY-2310,
  retried `charge.refunded` events may have produced duplicate reversal rows (being reconciled in PAY-2315).
- Read replica lag peaked at 41s; the reports export (export-worker Lambda) read stale balances for ~2 min.

## Detection
Datadog monitor 48812377 fired at 14:02 and paged the ledger primary via PagerDuty. CloudWatch alarm
`rds-ledger-cpu-high` fired at 14:03. The pg connection monitor fired too, but lacked a `service` tag, so
PagerDuty did not group it: three separate incidents were created (merged later).

## Timeline (UTC)
| Time | Event |
|---|---|
| 13:50 | Backfill dispatched from GitHub Actions by Rui (no change ticket) |
| 14:02 | 5xx monitor triggers; page to Tomás |
| 14:04 | Ack; #inc-ledger created in Slack |
| 14:09 | Connection exhaustion confirmed via `pg_stat_activity` |
| 14:13 | Backfill pid 48190 terminated (`pg_terminate_backend`) |
| 14:16 | 5xx < 1% |
| 15:12 | Incident resolved |

## Root cause
`jobs/backfill.py` iterates accounts by `created_at`, the reconcile cron by `account_id`. Both take row locks on
`ledger_entries` in their own order inside long transactions (batch size 5,000). Under concurrency this produces
lock cycles. Postgres detects the deadlocks, but the waiting sessions still hold pool connections for up to
`lock_timeout = 30s`.

## What went well
- Ack in 2 minutes; the right people were in the channel within 7 minutes.
- CloudWatch RDS metrics and Datadog APM agreed, which made diagnosis quick.

## What went badly
- The backfill had no kill switch and no change record.
- Alert grouping failed because of a missing tag.
- The runbook in Confluence still described the pre-pgbouncer setup.

## Action items
| Action | Owner | Ticket |
|---|---|---|
| Consistent lock ordering + smaller batches in backfill | Rui | PAY-2311 |
| Feature flag `ledger.backfill_enabled` | Rui | PAY-2312 |
| Fix webhook idempotency key | Tomás | PAY-2310 |
| Add `service` tag to pg connection monitor | Kemal | INFRA-912 |
| Reconcile duplicate reversal rows | Lin Xiao | PAY-2315 |
| Update Payments On-call Runbook | Mara | PAY-2316 |
| Move reconcile from EC2 cron to ECS scheduled task | Kemal | INFRA-915 |

## Lessons
Long transactions + batch jobs without coordination are our most common cause of SEV-2s this year (3 of 5).
We will add a "batch jobs" section to the change-management page and require a lock-ordering review for any job
touching ledger tables.
"""

BENCH = """goos: linux
goarch: amd64
pkg: github.com/fernhill/api/internal/ledger
cpu: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz
                               │  main.txt   │              pr2140.txt              │
                               │   sec/op    │   sec/op     vs base                 │
SettleBatch/size=100-8           4.812m ± 2%   2.944m ± 1%  -38.82% (p=0.000 n=10)
SettleBatch/size=1000-8          51.37m ± 3%   27.10m ± 2%  -47.25% (p=0.000 n=10)
SettleBatch/size=5000-8          301.2m ± 4%   139.8m ± 3%  -53.59% (p=0.000 n=10)
ReversalWithIdempotency-8        812.4µ ± 1%   799.1µ ± 2%        ~ (p=0.143 n=10)
geomean                          28.91m        16.87m       -41.64%

                               │  main.txt   │              pr2140.txt              │
                               │    B/op     │    B/op      vs base                 │
SettleBatch/size=100-8           88.21Ki ± 0%   61.03Ki ± 0%  -30.81% (p=0.000 n=10)
SettleBatch/size=1000-8          871.4Ki ± 0%   590.2Ki ± 0%  -32.27% (p=0.000 n=10)
SettleBatch/size=5000-8          4.301Mi ± 0%   2.911Mi ± 0%  -32.32% (p=0.000 n=10)

Notes: ran against postgres:17.2 in docker (shared_buffers=1GB), pgbouncer transaction mode, 40 conns.
Datadog APM on staging shows the same trend: postgres.query span for settle dropped from 280ms p95 to 130ms.
The CI run on the PR (run 9934120) failed on TestLedgerSettle_Concurrent with `deadlock detected`, which is
exactly the flake this PR fixes, but the job ran against main's migration image — needs a re-run after the
image rebuild finished at 11:40.
"""

STRIPE_INVOICE_WEBHOOK = """{
  "id": "evt_1QcZ9pLm4n5o6pEv",
  "type": "invoice.finalized",
  "created": 1764601210,
  "data": {
    "object": {
      "id": "in_1QcZ9pLm4n5o6p",
      "object": "invoice",
      "customer": "cus_R8vTq2LmN0",
      "customer_email": "ap@oakridge-dental.example",
      "amount_due": 129900,
      "currency": "usd",
      "status": "open",
      "collection_method": "send_invoice",
      "lines": {"data": [{"description": "Business plan × 1 (Dec 2026 – Dec 2027)", "amount": 129900}]},
      "metadata": {"created_by": "billing-cron", "pg_invoice_row": "880213", "jira": "SUP-8851"}
    }
  }
}"""

JIRA_CSV_SHORT = """Issue key,Summary,Status,Assignee,Updated
INFRA-901,Upgrade pgbouncer to 1.23,In Progress,Kemal Arslan,2026-11-30
INFRA-904,Rotate S3 access keys for fh-exports,To Do,Unassigned,2026-11-28
INFRA-909,Datadog agent 7.59 rollout on EC2 fleet,In Review,Rui Santos,2026-11-29
INFRA-911,Retry policy for payouts-svc calls,In Progress,Tomás Reyes,2026-12-01
INFRA-912,Add service tag to pg connection monitor,To Do,Kemal Arslan,2026-12-01
INFRA-915,Move reconcile cron from EC2 to ECS,To Do,Kemal Arslan,2026-12-01
"""

SQL_ERR_SNIPPET = """psql:migrations/20261201_add_settled_idx.sql:4: ERROR:  could not create unique index "ledger_entries_batch_account_uidx"
DETAIL:  Key (batch_id, account_id)=(rb_771204, 55120) is duplicated.
CONTEXT:  parallel worker
psql:migrations/20261201_add_settled_idx.sql:5: WARNING:  there is no transaction in progress"""

SQL_ERR_SNIPPET2 = """-- ran by: kemal via bastion (i-0b11c7e9d2a4f6013), 09:12 UTC
-- same migration passed on staging yesterday; prod has the duplicate rows from the 12/01 webhook retries (PAY-2310)
-- CloudWatch shows no CPU impact on the RDS side"""
