# Generators for realistic pasted material (logs, CSV, JSON, YAML, diffs, transcripts ...).
# All names, ids, hosts and people are invented. Deterministic (seeded).
import json
import random
from datetime import datetime, timedelta


def _fill(lines_fn, target, rng, head="", tail=""):
    """Append generated lines until the text is about `target` chars."""
    out = [head] if head else []
    size = len(head)
    i = 0
    while size < target - len(tail):
        ln = lines_fn(i, rng)
        if size + len(ln) + 1 > target - len(tail) and i > 2:
            break
        out.append(ln)
        size += len(ln) + 1
        i += 1
    if tail:
        out.append(tail)
    return "\n".join(out)


def ts(base, i, step_s, rng, jitter=3):
    return base + timedelta(seconds=i * step_s + rng.randint(0, jitter), milliseconds=rng.randint(0, 999))


# ---------------------------------------------------------------- postgres server log
PG_STMTS = [
    "UPDATE ledger_entries SET settled_at = now() WHERE batch_id = $1 AND account_id = $2",
    "INSERT INTO payouts_pending (merchant_id, amount_minor, currency) VALUES ($1, $2, $3)",
    "SELECT * FROM invoices WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 50",
    "DELETE FROM session_tokens WHERE expires_at < now() - interval '7 days'",
    "UPDATE accounts SET balance_minor = balance_minor - $1 WHERE id = $2",
]


def pg_log(target, seed=1, db="ledger_prod", user="ledger"):
    rng = random.Random(seed)
    base = datetime(2026, 12, 1, 2, 11, 0)

    def line(i, r):
        t = ts(base, i, 2, r, 1).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3] + " UTC"
        pid = r.randint(40100, 48999)
        k = r.random()
        if k < 0.22:
            return (f"{t} [{pid}] {user}@{db} ERROR:  deadlock detected\n{t} [{pid}] {user}@{db} DETAIL:  Process {pid} waits for "
                    f"ShareLock on transaction {r.randint(99000000, 99999999)}; blocked by process {r.randint(40100, 48999)}.\n"
                    f"{t} [{pid}] {user}@{db} STATEMENT:  {r.choice(PG_STMTS)}")
        if k < 0.40:
            return f"{t} [{pid}] {user}@{db} FATAL:  remaining connection slots are reserved for non-replication superuser connections"
        if k < 0.55:
            return (f"{t} [{pid}] {user}@{db} ERROR:  canceling statement due to statement timeout\n"
                    f"{t} [{pid}] {user}@{db} STATEMENT:  {r.choice(PG_STMTS)}")
        if k < 0.70:
            return f"{t} [{pid}] {user}@{db} LOG:  duration: {r.uniform(1200, 31000):.3f} ms  execute <unnamed>: {r.choice(PG_STMTS)}"
        if k < 0.80:
            return f"{t} [{pid}] LOG:  checkpoint complete: wrote {r.randint(800, 9000)} buffers ({r.uniform(0.5, 9):.1f}%); 0 WAL file(s) added, 1 removed, 3 recycled; write={r.uniform(20, 260):.3f} s"
        if k < 0.90:
            return f"{t} [{pid}] {user}@{db} ERROR:  duplicate key value violates unique constraint \"ledger_entries_idempotency_key_key\"\n{t} [{pid}] {user}@{db} DETAIL:  Key (idempotency_key)=(pay_{r.randint(10**9, 10**10)}) already exists."
        return f"{t} [{pid}] LOG:  automatic vacuum of table \"{db}.public.ledger_entries\": index scans: 1, pages: 0 removed, {r.randint(200000, 900000)} remain, tuples: {r.randint(1000, 90000)} removed"

    return _fill(line, target, rng)


# ---------------------------------------------------------------- python traceback (psycopg2 / sqlalchemy)
def py_trace(target=2500, seed=2):
    head = """[2026-12-01 09:42:17,554] ERROR in app: Exception on /v1/refunds [POST]
Traceback (most recent call last):
  File "/srv/billing/.venv/lib/python3.12/site-packages/sqlalchemy/engine/base.py", line 1967, in _exec_single_context
    self.dialect.do_execute(
  File "/srv/billing/.venv/lib/python3.12/site-packages/sqlalchemy/engine/default.py", line 924, in do_execute
    cursor.execute(statement, parameters)
psycopg2.errors.SerializationFailure: could not serialize access due to concurrent update

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/srv/billing/.venv/lib/python3.12/site-packages/flask/app.py", line 1473, in wsgi_app
    response = self.full_dispatch_request()
  File "/srv/billing/.venv/lib/python3.12/site-packages/flask/app.py", line 882, in full_dispatch_request
    rv = self.handle_user_exception(e)
  File "/srv/billing/billing/api/refunds.py", line 88, in create_refund
    refund = RefundService(db.session).issue(charge_id=body["charge"], amount=body.get("amount"))
  File "/srv/billing/billing/services/refund_service.py", line 141, in issue
    ledger.post_reversal(charge, amount, idempotency_key=key)
  File "/srv/billing/billing/ledger/client.py", line 57, in post_reversal
    self.session.execute(text(REVERSAL_SQL), params)
  File "/srv/billing/.venv/lib/python3.12/site-packages/sqlalchemy/orm/session.py", line 2362, in execute
    return self._execute_internal(
sqlalchemy.exc.OperationalError: (psycopg2.errors.SerializationFailure) could not serialize access due to concurrent update

[SQL: UPDATE ledger_accounts SET balance_minor = balance_minor + %(amount)s, version = version + 1 WHERE ledger_accounts.id = %(id)s AND ledger_accounts.version = %(version)s]
[parameters: {'amount': -4900, 'id': 771204, 'version': 38}]
(Background on this error at: https://sqlalche.me/e/20/e3q8)
"""
    rng = random.Random(seed)

    def line(i, r):
        t = datetime(2026, 12, 1, 9, 42, 18) + timedelta(seconds=i * 3 + r.randint(0, 2))
        return (f"[{t:%Y-%m-%d %H:%M:%S},{r.randint(100, 999)}] WARNING in retry: attempt {i % 5 + 1}/5 for charge "
                f"ch_3Pz{r.randint(10**8, 10**9)}eZvKYlo2C failed: SerializationFailure (pg backend pid {r.randint(40000, 49999)})")

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- go panic with goroutine dump
def go_panic(target=3000, seed=3):
    head = """panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x38 pc=0x1a2b3c4]

goroutine 4187 [running]:
github.com/fernhill/api/internal/cache.(*RedisStore).Get(0x0, {0x2e1f4a8, 0xc0009a21e0}, {0xc000f1c0a0, 0x2a})
	/src/internal/cache/redis.go:112 +0x44
github.com/fernhill/api/internal/accounts.(*Service).LoadProfile(0xc0002d8f00, {0x2e1f4a8, 0xc0009a21e0}, 0x1b3f2)
	/src/internal/accounts/service.go:219 +0x1d5
github.com/fernhill/api/internal/http/handlers.(*Accounts).GetProfile(0xc00011a3c0, {0x2e0c9b0, 0xc000b3e2a0}, 0xc000f26000)
	/src/internal/http/handlers/accounts.go:64 +0x10e
net/http.HandlerFunc.ServeHTTP(0xc000f26000?, {0x2e0c9b0?, 0xc000b3e2a0?}, 0x0?)
	/usr/local/go/src/net/http/server.go:2220 +0x29
github.com/fernhill/api/internal/http/middleware.Recover.func1({0x2e0c9b0, 0xc000b3e2a0}, 0xc000f26000)
	/src/internal/http/middleware/recover.go:31 +0x7b
"""
    rng = random.Random(seed)
    waits = ["IO wait", "select", "chan receive", "semacquire", "sync.Cond.Wait"]
    frames = [
        ("github.com/jackc/pgx/v5/pgxpool.(*Pool).Acquire", "/go/pkg/mod/github.com/jackc/pgx/v5@v5.7.1/pgxpool/pool.go:512 +0x2c5"),
        ("github.com/jackc/puddle/v2.(*Pool[...]).Acquire", "/go/pkg/mod/github.com/jackc/puddle/v2@v2.2.2/pool.go:370 +0x3a5"),
        ("github.com/redis/go-redis/v9.(*baseClient).withConn", "/go/pkg/mod/github.com/redis/go-redis/v9@v9.6.1/redis.go:267 +0x9b"),
        ("internal/poll.(*FD).Read", "/usr/local/go/src/internal/poll/fd_unix.go:165 +0x27a"),
        ("github.com/fernhill/api/internal/accounts.(*Repo).ByID", "/src/internal/accounts/repo.go:88 +0x1f1"),
    ]

    def line(i, r):
        gid = r.randint(1000, 9999)
        f1, f2 = r.sample(frames, 2)
        return (f"\ngoroutine {gid} [{r.choice(waits)}, {r.randint(1, 14)} minutes]:\n{f1[0]}(...)\n\t{f1[1]}\n"
                f"{f2[0]}(...)\n\t{f2[1]}\ncreated by net/http.(*Server).Serve in goroutine 1\n\t/usr/local/go/src/net/http/server.go:3285 +0x4b4")

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- java JDBC trace
def java_trace(target=2000, seed=4):
    head = """2026-12-01 07:03:44.219 ERROR 1 --- [io-8080-exec-17] o.a.c.c.C.[.[.[/].[dispatcherServlet]    : Servlet.service() for servlet [dispatcherServlet] threw exception
org.springframework.dao.DataAccessResourceFailureException: Unable to acquire JDBC Connection; nested exception is org.hibernate.exception.JDBCConnectionException: Unable to acquire JDBC Connection
	at org.springframework.orm.jpa.vendor.HibernateJpaDialect.convertHibernateAccessException(HibernateJpaDialect.java:277)
	at org.springframework.orm.jpa.vendor.HibernateJpaDialect.translateExceptionIfPossible(HibernateJpaDialect.java:233)
	at com.fernhill.reports.export.ExportJobRunner.loadBatch(ExportJobRunner.java:142)
	at com.fernhill.reports.export.ExportJobRunner.run(ExportJobRunner.java:97)
Caused by: java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, request timed out after 30000ms.
	at com.zaxxer.hikari.pool.HikariPool.createTimeoutException(HikariPool.java:696)
	at com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:197)
	at com.zaxxer.hikari.HikariDataSource.getConnection(HikariDataSource.java:128)
Caused by: org.postgresql.util.PSQLException: FATAL: sorry, too many clients already
	at org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)
	at org.postgresql.core.v3.ConnectionFactoryImpl.tryConnect(ConnectionFactoryImpl.java:203)
	at org.postgresql.jdbc.PgConnection.<init>(PgConnection.java:263)
"""
    rng = random.Random(seed)

    def line(i, r):
        return f"	at com.fernhill.reports.export.ExportJobRunner$$SpringCGLIB$${i}.run(<generated>)" if r.random() < 0.3 else \
            f"	... {r.randint(12, 60)} common frames omitted"

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- nginx / ALB access log
def nginx_log(target, seed=5):
    rng = random.Random(seed)
    base = datetime(2026, 12, 1, 13, 40, 0)
    paths = ["/v1/checkout/sessions", "/v1/charges", "/v1/cart", "/healthz", "/v1/checkout/confirm", "/static/app.3f9c1.js",
             "/v1/customers/me", "/v1/shipping/quote"]

    def line(i, r):
        t = ts(base, i, 1, r, 1)
        code = r.choices([200, 201, 304, 499, 502, 503, 504], [50, 8, 6, 3, 14, 10, 9])[0]
        up = "-" if code in (502, 504) and r.random() < 0.5 else f"10.42.{r.randint(0, 15)}.{r.randint(2, 250)}:8080"
        rt = r.uniform(0.004, 0.4) if code < 400 else r.uniform(5, 60)
        return (f"10.{r.randint(0, 3)}.{r.randint(0, 255)}.{r.randint(1, 254)} - - [{t:%d/%b/%Y:%H:%M:%S} +0000] "
                f"\"{r.choice(['GET', 'POST', 'POST', 'GET', 'PUT'])} {r.choice(paths)} HTTP/1.1\" {code} {r.randint(0, 4800)} "
                f"\"-\" \"{r.choice(['okhttp/4.12.0', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)', 'fernhill-ios/6.2.0', 'python-requests/2.32.3'])}\" "
                f"rt={rt:.3f} uct={r.uniform(0, 0.01):.3f} urt={rt:.3f} upstream={up}")

    return _fill(line, target, rng)


# ---------------------------------------------------------------- CloudWatch-style JSON log lines
def cw_json_log(target, seed=6, service="ledger-api"):
    rng = random.Random(seed)
    base = datetime(2026, 12, 1, 4, 0, 0)
    msgs = [
        ("ERROR", "pq: could not obtain lock on row in relation \"ledger_entries\""),
        ("ERROR", "redis: connection pool timeout"),
        ("WARN", "slow query: 4.8s SELECT sum(amount_minor) FROM ledger_entries WHERE account_id = $1"),
        ("ERROR", "stripe webhook signature verification failed: No signatures found matching the expected signature for payload"),
        ("INFO", "reconcile batch finished"),
        ("ERROR", "context deadline exceeded while calling payouts-svc"),
        ("WARN", "retrying S3 PutObject s3://fh-ledger-snapshots/daily/ after SlowDown"),
    ]

    def line(i, r):
        lvl, m = r.choice(msgs)
        t = ts(base, i, 4, r)
        return json.dumps({"timestamp": t.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z", "level": lvl, "service": service,
                           "msg": m, "batch_id": f"rb_{r.randint(100000, 999999)}", "trace_id": f"{r.getrandbits(64):016x}",
                           "aws_request_id": f"{r.getrandbits(32):08x}-{r.getrandbits(16):04x}-4{r.getrandbits(12):03x}-a{r.getrandbits(12):03x}-{r.getrandbits(48):012x}"})

    return _fill(line, target, rng)


# ---------------------------------------------------------------- Datadog log export (JSON array)
def dd_log_export(target, seed=7):
    rng = random.Random(seed)
    base = datetime(2026, 12, 1, 11, 20, 0)
    items = []
    size = 2
    i = 0
    while True:
        t = ts(base, i, 7, rng)
        ev = {"id": f"AQAAAZN{rng.getrandbits(60):015X}", "attributes": {
            "timestamp": t.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z", "service": "export-worker", "status": rng.choice(["error", "error", "warn", "info"]),
            "host": f"i-0{rng.getrandbits(60):015x}"[:19], "tags": ["env:prod", "source:lambda", "team:reports", f"functionname:export-worker"],
            "message": rng.choice([
                "Task timed out after 900.00 seconds",
                "botocore.exceptions.ClientError: An error occurred (AccessDenied) when calling the PutObject operation: Access Denied",
                "psycopg2.OperationalError: SSL SYSCALL error: EOF detected",
                "wrote 18211 rows to s3://fh-exports/reports/2026-11/part-0003.csv.gz",
                "REPORT RequestId: 5e1a Duration: 899871.22 ms Billed Duration: 900000 ms Memory Size: 2048 MB Max Memory Used: 2011 MB"])}}
        s = json.dumps(ev, indent=2)
        if size + len(s) + 2 > target and i > 1:
            break
        items.append(s)
        size += len(s) + 2
        i += 1
    return "[\n" + ",\n".join(items) + "\n]"


# ---------------------------------------------------------------- Slack-style transcript (English)
SLACK_LINES = [
    ("mara.okafor", "ledger-api p99 just went vertical, anyone deploying?"),
    ("tomas.reyes", "not me. datadog shows 5xx on /v1/settle starting 02:11"),
    ("kemal.arslan", "pg primary is at 497/500 connections. pgbouncer pool exhausted"),
    ("mara.okafor", "ok paging dba. INC-51177 is open in PD, I acked"),
    ("rui.santos", "I see a lot of `deadlock detected` on ledger_entries in the pg log"),
    ("tomas.reyes", "the 02:00 reconcile cron + the backfill job both touch ledger_entries by account_id, different order"),
    ("kemal.arslan", "killing the backfill pid 48190"),
    ("mara.okafor", "error rate dropping. cloudwatch ALB 5xx back under 1%"),
    ("rui.santos", "should we put the backfill behind a feature flag? it's in fernhill/ledger jobs/backfill.py"),
    ("tomas.reyes", "also stripe webhooks were retrying the whole time, we'll have dupes to clean"),
    ("kemal.arslan", "I'll write the postmortem in confluence tomorrow"),
    ("mara.okafor", "👍 leaving incident open for another 30 min to watch"),
    ("rui.santos", "replica lag went up to 41s during that, fyi"),
    ("tomas.reyes", "opened PAY-2310 for the idempotency key collision we saw"),
    ("kemal.arslan", "S3 snapshot upload also failed with SlowDown, retried ok"),
    ("mara.okafor", "who owns the checkout-availability SLO? we burned ~30% of the monthly budget"),
    ("tomas.reyes", "that's the checkout team, I'll loop in Priya"),
    ("rui.santos", "datadog monitor 48812290 is still muted from last week btw"),
]


def slack_transcript(target, seed=8, channel="#inc-ledger"):
    rng = random.Random(seed)
    base = datetime(2026, 12, 1, 2, 9, 0)
    head = f"--- {channel} export, Dec 1 2026 ---"

    def line(i, r):
        who, txt = SLACK_LINES[i % len(SLACK_LINES)] if i < len(SLACK_LINES) else r.choice(SLACK_LINES)
        t = base + timedelta(minutes=i * 1.5 + r.random())
        extra = "" if i < len(SLACK_LINES) else r.choice(["", " (again)", " — still seeing it", " +1", " fwiw"])
        return f"[{t:%H:%M}] {who}: {txt}{extra}"

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- CSV: charges / refunds
def charges_csv(target, seed=9, n_min=3):
    rng = random.Random(seed)
    head = "charge_id,created_utc,customer_id,amount,currency,status,invoice_id,db_order_id,note"

    def line(i, r):
        return (f"ch_3P{r.choice('qrstuvw')}{r.randint(10**6, 10**7)}eZvKYlo2C{r.randint(10**5, 10**6)},"
                f"2026-11-{r.randint(1, 30):02d} {r.randint(0, 23):02d}:{r.randint(0, 59):02d},cus_{''.join(r.choices('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', k=10))},"
                f"{r.choice([49.00, 99.00, 499.00, 1299.00, 29.00])},usd,succeeded,in_1Q{r.randint(10**8, 10**9)},"
                f"{r.randint(700000, 799999)},\"{r.choice(['account closed 2026-10-31 per pg accounts.closed_at', 'dup of previous row', 'billing ran on closed org', 'see SUP ticket'])}\"")

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- Jira CSV export
def jira_csv(target, seed=10, project="PAY"):
    rng = random.Random(seed)
    head = "Issue key,Summary,Issue Type,Status,Priority,Assignee,Sprint,Story Points,Updated"
    sums = ["Refund endpoint returns 500 on partial amount", "Ledger reconciliation drifts after DST change",
            "Move payout cron from EC2 to ECS scheduled task", "Add pg index on invoices(customer_id, created_at)",
            "Stripe webhook retries create duplicate ledger rows", "Slack alert for failed payouts is too noisy",
            "Datadog monitor for refund latency", "Remove legacy_refunds table", "GitHub Action for migration lint",
            "Confluence runbook: payout failures", "Rotate S3 access keys for exports bucket", "PagerDuty routing for ledger-api"]

    def line(i, r):
        return (f"{project}-{2280 + i},\"{r.choice(sums)}\",{r.choice(['Bug', 'Task', 'Story'])},"
                f"{r.choice(['To Do', 'In Progress', 'In Review', 'Done'])},{r.choice(['High', 'Medium', 'Low'])},"
                f"{r.choice(['Mara Okafor', 'Tomás Reyes', 'Kemal Arslan', 'Rui Santos', 'Unassigned'])},"
                f"\"PAY Sprint {r.choice([47, 48])}\",{r.choice([1, 2, 3, 5, 8])},2026-11-{r.randint(10, 30):02d}")

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- GitHub Actions CI log
def ci_log(target, seed=11):
    rng = random.Random(seed)
    base = datetime(2026, 12, 1, 10, 2, 0)
    steps = [
        "##[group]Run actions/checkout@v4", "##[endgroup]",
        "##[group]Initialize containers", "Starting postgres service container",
        "/usr/bin/docker pull postgres:17.2", "postgres service is healthy.",
        "##[group]Run make test-integration",
        "go test ./... -tags=integration -count=1",
        "ok  \tgithub.com/fernhill/api/internal/accounts\t4.211s",
        "--- FAIL: TestLedgerSettle_Concurrent (31.02s)",
        "    settle_test.go:144: pq: deadlock detected",
        "    settle_test.go:150: expected 200 settled entries, got 187",
        "FAIL\tgithub.com/fernhill/api/internal/ledger\t33.870s",
        "ok  \tgithub.com/fernhill/api/internal/cache\t0.912s",
        "Error: Process completed with exit code 1.",
        "aws s3 cp coverage.out s3://fh-ci-artifacts/api/coverage/ --only-show-errors",
        "upload failed: ./coverage.out to s3://fh-ci-artifacts/api/coverage/coverage.out An error occurred (ExpiredToken)",
        "Post job cleanup.", "Stop and remove container: 3f1c9e postgres",
        "datadog-ci junit upload --service api ./reports/junit.xml",
    ]

    def line(i, r):
        t = base + timedelta(seconds=i * 0.8 + r.random())
        s = steps[i % len(steps)] if r.random() < 0.7 else f"=== RUN   Test{r.choice(['Ledger', 'Refund', 'Payout', 'Invoice', 'Webhook'])}{r.choice(['Create', 'Settle', 'Retry', 'List', 'Idempotency'])}_{r.randint(1, 40)}"
        return f"{t:%Y-%m-%dT%H:%M:%S}.{r.randint(10**6, 10**7 - 1)}Z {s}"

    return _fill(line, target, rng)


# ---------------------------------------------------------------- pg_stat_statements CSV
def pgss_csv(target, seed=12):
    rng = random.Random(seed)
    head = "queryid,calls,total_exec_time_ms,mean_exec_time_ms,rows,shared_blks_hit,shared_blks_read,query"
    qs = ["SELECT * FROM invoices WHERE customer_id = $1 ORDER BY created_at DESC LIMIT $2",
          "UPDATE ledger_entries SET settled_at = now() WHERE batch_id = $1",
          "SELECT count(*) FROM events WHERE org_id = $1 AND created_at > $2",
          "INSERT INTO audit_log (actor, action, payload) VALUES ($1, $2, $3)",
          "SELECT sum(amount_minor) FROM ledger_entries WHERE account_id = $1 AND settled_at IS NULL",
          "DELETE FROM session_tokens WHERE expires_at < now() - interval '7 days'",
          "SELECT o.* FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.merchant_id = $1 AND o.status = $2",
          "WITH x AS (SELECT account_id, max(created_at) FROM ledger_entries GROUP BY 1) SELECT * FROM x WHERE max < $1"]

    def line(i, r):
        calls = r.randint(500, 9_000_000)
        mean = r.uniform(0.05, 2400)
        return (f"{r.randint(-9 * 10**18, 9 * 10**18)},{calls},{calls * mean:.1f},{mean:.3f},{r.randint(0, calls * 20)},"
                f"{r.randint(10**5, 10**10)},{r.randint(0, 10**8)},\"{r.choice(qs)}\"")

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- EC2 cost / idle report CSV
def ec2_cost_csv(target, seed=13, pinned=()):
    rng = random.Random(seed)
    head = "instance_id,name,type,az,state,avg_cpu_30d,days_idle,monthly_cost_usd,owner_tag,datadog_agent"
    for iid, nm, days, cost in pinned:
        head += f"\n{iid},{nm},m6i.large,us-east-1a,running,0.4%,{days},{cost:.2f},none,not reporting"

    def line(i, r):
        return (f"i-0{r.getrandbits(64):016x},{r.choice(['staging-worker', 'qa-runner', 'old-canary', 'ledger-backfill', 'bastion', 'reports-etl'])}-{r.randint(1, 9)},"
                f"{r.choice(['m6i.large', 'c6i.xlarge', 'r6g.2xlarge', 't3.medium'])},us-east-1{r.choice('abcd')},running,"
                f"{r.uniform(0.2, 9.0):.1f}%,{r.randint(0, 58)},{r.uniform(30, 700):.2f},{r.choice(['team:reports', 'team:ledger', 'team:platform', 'none'])},"
                f"{r.choice(['up', 'up', 'not reporting'])}")

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- Datadog hosts JSON
def dd_hosts_json(target, seed=14):
    rng = random.Random(seed)
    items = []
    size = 20
    while True:
        h = {"name": f"i-0{rng.getrandbits(64):016x}", "aliases": [f"ip-10-42-{rng.randint(0, 15)}-{rng.randint(2, 250)}.ec2.internal"],
             "apps": rng.sample(["agent", "postgresql", "nginx", "redis", "ntp", "docker"], 3),
             "tags_by_source": {"Amazon Web Services": [f"availability-zone:us-east-1{rng.choice('abc')}", f"instance-type:{rng.choice(['m6i.large', 'c6i.xlarge'])}"],
                                "Datadog": ["env:prod", f"service:{rng.choice(['checkout-api', 'ledger-api', 'export-worker'])}"]},
             "up": rng.random() < 0.8, "last_reported_time": 1764590000 + rng.randint(0, 60000),
             "meta": {"agent_version": rng.choice(["7.58.2", "7.59.0", "7.52.1"])}}
        s = json.dumps(h)
        if size + len(s) > target and items:
            break
        items.append(s)
        size += len(s) + 2
    return '{"host_list": [\n' + ",\n".join(items) + '\n], "total_matching": %d}' % len(items)


# ---------------------------------------------------------------- Stripe events JSON array
def stripe_events(target, seed=15):
    rng = random.Random(seed)
    items = []
    size = 2
    types = ["charge.succeeded", "charge.refunded", "invoice.payment_failed", "customer.subscription.updated", "charge.dispute.created", "payout.paid"]
    while True:
        typ = rng.choice(types)
        ev = {"id": f"evt_1Q{rng.getrandbits(56):014x}", "object": "event", "type": typ, "created": 1764500000 + rng.randint(0, 90000),
              "livemode": True, "data": {"object": {"id": f"ch_3P{rng.getrandbits(56):014x}", "amount": rng.choice([4900, 9900, 129900]),
                                                    "currency": "usd", "customer": f"cus_{rng.getrandbits(40):010X}",
                                                    "metadata": {"org_id": str(rng.randint(100, 999)), "pg_order_id": str(rng.randint(700000, 799999))}}},
              "request": {"id": f"req_{rng.getrandbits(48):012x}", "idempotency_key": f"pay_{rng.randint(10**9, 10**10)}"}}
        s = json.dumps(ev, indent=2)
        if size + len(s) > target and items:
            break
        items.append(s)
        size += len(s) + 2
    return "[\n" + ",\n".join(items) + "\n]"


# ---------------------------------------------------------------- Terraform plan
def tf_plan(target, seed=16):
    rng = random.Random(seed)
    head = """Terraform used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:
  + create
  ~ update in-place
  - destroy

Terraform will perform the following actions:
"""

    def line(i, r):
        k = i % 4
        if k == 0:
            return f"""
  # aws_instance.worker[{i}] will be updated in-place
  ~ resource "aws_instance" "worker" {{
        id            = "i-0{r.getrandbits(64):016x}"
      ~ instance_type = "m6i.large" -> "m6i.xlarge"
        tags          = {{ "Name" = "ledger-worker-{i}", "team" = "ledger" }}
    }}"""
        if k == 1:
            return f"""
  # aws_security_group_rule.pg_ingress[{i}] will be created
  + resource "aws_security_group_rule" "pg_ingress" {{
      + from_port         = 5432
      + to_port           = 5432
      + protocol          = "tcp"
      + cidr_blocks       = ["10.42.{r.randint(0, 15)}.0/24"]
      + security_group_id = "sg-0{r.getrandbits(56):014x}"
      + type              = "ingress"
    }}"""
        if k == 2:
            return f"""
  # aws_s3_bucket_lifecycle_configuration.exports will be updated in-place
  ~ resource "aws_s3_bucket_lifecycle_configuration" "exports" {{
        bucket = "fh-exports"
      ~ rule {{
            id     = "expire-tmp"
          ~ expiration {{ days = 30 -> {r.choice([7, 14])} }}
        }}
    }}"""
        return f"""
  # aws_cloudwatch_metric_alarm.rds_cpu[{i}] will be destroyed
  - resource "aws_cloudwatch_metric_alarm" "rds_cpu" {{
      - alarm_name  = "rds-ledger-cpu-high-{i}"
      - threshold   = 80
      - namespace   = "AWS/RDS"
      - alarm_actions = ["arn:aws:sns:us-east-1:381204775519:pagerduty-ledger"]
    }}"""

    return _fill(line, target, rng, head=head, tail="\nPlan: 6 to add, 9 to change, 3 to destroy.")


# ---------------------------------------------------------------- k8s YAML manifest
def k8s_yaml(target, seed=17):
    rng = random.Random(seed)

    def line(i, r):
        name = r.choice(["ledger-api", "ledger-reconcile", "payout-worker", "export-worker"])
        return f"""---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}-{i}
  namespace: payments
  labels: {{app: {name}, team: ledger, tags.datadoghq.com/service: {name}}}
spec:
  replicas: {r.choice([2, 3, 4, 6])}
  template:
    spec:
      containers:
        - name: app
          image: 381204775519.dkr.ecr.us-east-1.amazonaws.com/{name}:2026.12.{r.randint(1, 9)}
          env:
            - {{name: DATABASE_URL, valueFrom: {{secretKeyRef: {{name: ledger-pg, key: url}}}}}}
            - {{name: PGBOUNCER_POOL_SIZE, value: "{r.choice([20, 40, 80])}"}}
            - {{name: STRIPE_WEBHOOK_SECRET, valueFrom: {{secretKeyRef: {{name: stripe, key: whsec}}}}}}
            - {{name: DD_AGENT_HOST, valueFrom: {{fieldRef: {{fieldPath: status.hostIP}}}}}}
          resources: {{requests: {{cpu: "{r.choice(['250m', '500m', '1'])}", memory: 512Mi}}, limits: {{memory: 1Gi}}}}"""

    return _fill(line, target, rng)


# ---------------------------------------------------------------- unified diff
def diff_text(target, seed=18):
    rng = random.Random(seed)
    head = """diff --git a/migrations/20261201_drop_legacy_refunds.sql b/migrations/20261201_drop_legacy_refunds.sql
new file mode 100644
index 0000000..4be71c2
--- /dev/null
+++ b/migrations/20261201_drop_legacy_refunds.sql
@@ -0,0 +1,9 @@
+-- legacy_refunds was replaced by refunds_v2 in 2025-Q3 (PAY-1730)
+BEGIN;
+ALTER TABLE refunds_v2 DROP CONSTRAINT IF EXISTS refunds_v2_legacy_id_fkey;
+DROP TABLE IF EXISTS legacy_refunds;
+DROP SEQUENCE IF EXISTS legacy_refunds_id_seq;
+COMMIT;
diff --git a/billing/services/refund_service.py b/billing/services/refund_service.py
index 9a1f2c3..b7e04d1 100644
--- a/billing/services/refund_service.py
+++ b/billing/services/refund_service.py
@@ -120,18 +120,11 @@ class RefundService:
-        legacy = self.session.query(LegacyRefund).filter_by(charge_id=charge.id).first()
-        if legacy is not None:
-            log.warning("legacy refund exists for %s, skipping stripe call", charge.id)
-            return legacy.to_v2()
         key = idempotency_key(charge.id, amount)
-        stripe_refund = stripe.Refund.create(charge=charge.id, amount=amount, idempotency_key=key)
+        stripe_refund = self.stripe.refunds.create(params={"charge": charge.id, "amount": amount},
+                                                   options={"idempotency_key": key})
         ledger.post_reversal(charge, amount, idempotency_key=key)"""

    def line(i, r):
        n = 200 + i * 12
        return f"""@@ -{n},7 +{n - 7},6 @@ def _{r.choice(['reconcile', 'notify_slack', 'emit_datadog_metric', 'record_audit'])}_{i}(self, refund):
-        metrics.increment("refunds.legacy_path", tags=[f"org:{{refund.org_id}}"])
+        statsd.increment("refunds.v2", tags=[f"org:{{refund.org_id}}", "env:prod"])
         self.audit.write(actor="refund-service", action="refund.created", payload=refund.as_dict())
-        if refund.legacy_id:
-            self.session.execute(text("UPDATE legacy_refunds SET mirrored = true WHERE id = :id"), {{"id": refund.legacy_id}})
         return refund"""

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- application.yml feature flags
def app_yml(target, seed=19):
    rng = random.Random(seed)
    head = """spring:
  datasource:
    url: jdbc:postgresql://ledger-pg.internal:5432/ledger_prod?sslmode=require
    hikari:
      maximum-pool-size: 40
      connection-timeout: 30000
  jpa.open-in-view: false
management.metrics.export.datadog:
  enabled: true
  step: 30s
aws:
  s3:
    exports-bucket: fh-exports
    region: us-east-1
feature-flags:"""

    def line(i, r):
        name = f"{r.choice(['payouts', 'refunds', 'ledger', 'exports', 'checkout'])}.{r.choice(['v2_path', 'async_mode', 'dual_write', 'new_retry_policy', 'strict_idempotency', 'pg_read_replica'])}_{i}"
        return f"""  {name}:
    enabled: {r.choice(['true', 'false'])}
    rollout-percent: {r.choice([0, 5, 25, 50, 100])}
    owner: {r.choice(['team-ledger', 'team-checkout', 'team-reports'])}
    jira: PAY-{r.randint(1500, 2400)}"""

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- PD schedule markdown table
def pd_schedule_md(target, seed=20):
    rng = random.Random(seed)
    head = """| Week | Primary (ledger-api) | Secondary | Slack handle | Override? |
|---|---|---|---|---|"""
    people = ["Mara Okafor", "Tomás Reyes", "Kemal Arslan", "Rui Santos", "Priya Natarajan", "Lin Xiao", "Dana Whitfield"]

    def line(i, r):
        d = datetime(2026, 12, 7) + timedelta(days=7 * i)
        a, b = r.sample(people, 2)
        return f"| {d:%b %d} – {(d + timedelta(days=6)):%b %d} | {a} | {b} | @{a.split()[0].lower()} | {r.choice(['', '', 'swap w/ ' + r.choice(people).split()[0], 'PTO Dec 24-26'])} |"

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- Datadog monitor JSON
def dd_monitor_json():
    return json.dumps({
        "id": 48812377, "name": "[ledger-api] 5xx error rate > 2% (prod)", "type": "query alert",
        "query": "sum(last_5m):sum:trace.http.request.errors{service:ledger-api,env:prod}.as_count() / sum:trace.http.request.hits{service:ledger-api,env:prod}.as_count() * 100 > 2",
        "message": "{{#is_alert}}5xx rate is {{value}}% on ledger-api. Check pg connections and the reconcile cron. @pagerduty-ledger-api @slack-inc-ledger{{/is_alert}}\n{{#is_recovery}}Recovered. @slack-inc-ledger{{/is_recovery}}",
        "tags": ["team:ledger", "env:prod", "service:ledger-api"],
        "options": {"thresholds": {"critical": 2, "warning": 1}, "notify_no_data": False, "renotify_interval": 30,
                    "evaluation_delay": 60, "include_tags": True, "new_group_delay": 300},
        "overall_state": "Alert", "priority": 2}, indent=2)


def dd_monitor_state_history(target, seed=21):
    rng = random.Random(seed)
    head = "timestamp_utc,monitor_id,group,transition,value"

    def line(i, r):
        t = datetime(2026, 11, 28) + timedelta(minutes=37 * i + r.randint(0, 20))
        return f"{t:%Y-%m-%d %H:%M},48812377,service:ledger-api,{r.choice(['OK -> Warn', 'Warn -> Alert', 'Alert -> OK', 'Warn -> OK'])},{r.uniform(0.4, 4.8):.2f}"

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- PagerDuty incident JSON + alerts
def pd_incident_json():
    return json.dumps({"incident": {
        "id": "Q2LX7RM4K1ZB9T", "incident_number": 51239, "title": "ledger-api: 5xx error rate > 2% (prod)",
        "status": "triggered", "urgency": "high", "created_at": "2026-12-01T14:02:11Z",
        "service": {"id": "P7LEDGR", "summary": "ledger-api"},
        "escalation_policy": {"id": "PEP41Q2", "summary": "Ledger primary"},
        "assignments": [{"assignee": {"summary": "Tomás Reyes"}}],
        "body": {"details": "Datadog monitor 48812377 triggered. CloudWatch alarm rds-ledger-cpu-high also firing. "
                            "Top error in logs: pq: could not obtain lock on row in relation ledger_entries"}}}, indent=2)


def pd_alerts_json(target, seed=22):
    rng = random.Random(seed)
    items = []
    size = 2
    i = 0
    while True:
        a = {"id": f"Q{rng.getrandbits(56):014X}", "status": "triggered", "created_at": f"2026-12-01T14:{2 + i:02d}:{rng.randint(0, 59):02d}Z",
             "incident": {"id": rng.choice(["Q2LX7RM4K1ZB9T", "Q0CV8HN2T6WQ3D"]), "incident_number": rng.choice([51239, 51240])},
             "summary": rng.choice(["[Datadog] ledger-api 5xx > 2%", "[CloudWatch] ALARM: rds-ledger-cpu-high", "[Datadog] pg connections > 95%"]),
             "body": {"cef_details": {"source_origin": rng.choice(["datadog", "cloudwatch"]), "severity": "critical"}}}
        s = json.dumps(a)
        if size + len(s) > target and items:
            break
        items.append(s)
        size += len(s) + 2
        i += 1
    return "[\n" + ",\n".join(items) + "\n]"


# ---------------------------------------------------------------- alert feed text
def alert_feed(target, seed=23):
    rng = random.Random(seed)
    base = datetime(2026, 12, 1, 13, 0, 0)
    srcs = [
        "[Datadog] Triggered: [ledger-api] 5xx error rate > 2% (prod) — value 3.41 @slack-inc-ledger",
        "[Datadog] Recovered: [ledger-api] p99 latency > 1.5s",
        "[CloudWatch] ALARM: \"rds-ledger-cpu-high\" in US East (N. Virginia) — CPUUtilization > 80 for 3 datapoints",
        "[CloudWatch] OK: \"alb-checkout-5xx\"",
        "[Datadog] Triggered: [postgres] connections > 95% of max_connections on db-primary-2",
        "[Sentry] New issue: SerializationFailure in billing.ledger.client.post_reversal",
        "[GitHub] Deployment fernhill/ledger@4be71c2 to prod: success",
        "[Stripe] webhook endpoint we_1Q9xL failing: 37 consecutive 5xx responses",
        "[Datadog] No Data: [export-worker] heartbeat",
    ]

    def line(i, r):
        t = base + timedelta(seconds=i * 23 + r.randint(0, 20))
        return f"{t:%H:%M:%S} {r.choice(srcs)}"

    return _fill(line, target, rng)


# ---------------------------------------------------------------- pg EXPLAIN output
EXPLAIN = """Limit  (cost=0.56..2184.77 rows=20 width=412) (actual time=8421.332..8421.351 rows=20 loops=1)
  Buffers: shared hit=18 read=412377
  ->  Index Scan Backward using invoices_created_at_idx on invoices  (cost=0.56..9921184.10 rows=90866 width=412) (actual time=8421.330..8421.346 rows=20 loops=1)
        Filter: (customer_id = 4411)
        Rows Removed by Filter: 18204411
        Buffers: shared hit=18 read=412377
Planning Time: 0.412 ms
Execution Time: 8421.402 ms

-- \\d invoices (excerpt)
Indexes:
    "invoices_pkey" PRIMARY KEY, btree (id)
    "invoices_created_at_idx" btree (created_at)
    "invoices_stripe_id_key" UNIQUE CONSTRAINT, btree (stripe_invoice_id)
Foreign-key constraints:
    "invoices_customer_id_fkey" FOREIGN KEY (customer_id) REFERENCES customers(id)
-- table is ~18M rows, autovacuum last ran 2026-11-29 03:12 UTC; this endpoint backs GET /v1/invoices in billing-svc
-- the Datadog APM trace for that endpoint shows 8.4s in postgres.query, the rest is negligible
"""


# ---------------------------------------------------------------- k8s events log
def k8s_events(target, seed=24):
    rng = random.Random(seed)
    head = "LAST SEEN   TYPE      REASON              OBJECT                                   MESSAGE"
    evs = [("Warning", "BackOff", "Back-off restarting failed container app in pod"),
           ("Warning", "Unhealthy", "Readiness probe failed: Get \"http://10.42.3.17:8080/healthz\": context deadline exceeded"),
           ("Normal", "Pulled", "Container image \"381204775519.dkr.ecr.us-east-1.amazonaws.com/ledger-api:2026.12.2\" already present on machine"),
           ("Warning", "FailedScheduling", "0/14 nodes are available: 14 Insufficient memory."),
           ("Normal", "ScalingReplicaSet", "Scaled up replica set ledger-api-7d9f8 to 6"),
           ("Warning", "OOMKilled", "Container app exceeded memory limit (1Gi); pg connection pool held 80 conns")]

    def line(i, r):
        typ, reason, msg = r.choice(evs)
        return f"{r.randint(1, 59)}m{'':<9}{typ:<10}{reason:<20}pod/ledger-api-7d9f8-{''.join(r.choices('abcdefghjkmnpqrstuvwxyz0123456789', k=5))}   {msg}"

    return _fill(line, target, rng, head=head)


# ---------------------------------------------------------------- SQL (big query)
BIG_SQL = """WITH last_payment AS (
    SELECT DISTINCT ON (c.customer_id)
           c.customer_id, c.stripe_charge_id, c.amount_minor, c.created_at
    FROM   charges c
    WHERE  c.status = 'succeeded'
      AND  c.created_at >= now() - interval '180 days'
    ORDER  BY c.customer_id, c.created_at DESC
), open_invoices AS (
    SELECT i.customer_id, count(*) AS n_open, sum(i.amount_due_minor) AS due_minor
    FROM   invoices i
    WHERE  i.status IN ('open', 'uncollectible')
    GROUP  BY i.customer_id
), seats AS (
    SELECT s.org_id, sum(s.quantity) AS seats
    FROM   subscription_items s
    JOIN   subscriptions sub ON sub.id = s.subscription_id AND sub.status IN ('active', 'past_due')
    GROUP  BY s.org_id
)
SELECT o.id                        AS org_id,
       o.name,
       cu.email,
       lp.stripe_charge_id         AS last_charge,
       lp.created_at               AS last_paid_at,
       coalesce(oi.n_open, 0)      AS open_invoices,
       coalesce(oi.due_minor, 0)   AS due_minor,
       st.seats,
       (SELECT count(*) FROM events e WHERE e.org_id = o.id AND e.created_at > now() - interval '30 days') AS events_30d
FROM   orgs o
JOIN   customers cu       ON cu.org_id = o.id
LEFT   JOIN last_payment lp ON lp.customer_id = cu.id
LEFT   JOIN open_invoices oi ON oi.customer_id = cu.id
LEFT   JOIN seats st      ON st.org_id = o.id
WHERE  o.deleted_at IS NULL
  AND  (oi.n_open > 0 OR lp.created_at < now() - interval '60 days')
ORDER  BY due_minor DESC NULLS LAST
LIMIT  500;
-- runs ~40s on staging (ledger_staging, 2.1M events rows); the Stripe sync job calls it every 15 min
-- Datadog shows the cron pod's CPU pinned while it runs, and the ALB health check times out
"""
