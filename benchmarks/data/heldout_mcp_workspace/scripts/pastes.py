# -*- coding: utf-8 -*-
"""Generators for pasted material (logs, traces, YAML, JSON events, CSV, e-mails, chats, SQL, diffs).
All names, ids, hosts and companies are invented. Deterministic: every generator takes a seed."""
import json, random, datetime as dt


def fill(lines_fn, target, rnd, head=None, tail=None):
    """Call lines_fn(rnd, i) repeatedly until the text reaches ~target chars; cut at a line boundary."""
    out = list(head or [])
    i = 0
    tail = list(tail or [])
    tail_len = sum(len(x) + 1 for x in tail)
    while sum(len(x) + 1 for x in out) + tail_len < target:
        out.extend(lines_fn(rnd, i))
        i += 1
    text = "\n".join(out)
    if len(text) + tail_len > target * 1.08 and "\n" in text:
        cut = text.rfind("\n", 0, max(200, target - tail_len))
        if cut > 0:
            text = text[:cut]
    if tail:
        text = text + "\n" + "\n".join(tail)
    return text


def ts_iter(start, rnd, min_s=0.05, max_s=9.0):
    t = start
    while True:
        t += dt.timedelta(seconds=rnd.uniform(min_s, max_s))
        yield t


def hexid(rnd, n):
    return "".join(rnd.choice("0123456789abcdef") for _ in range(n))


def rid(rnd, n=5, alphabet="bcdfghjklmnpqrstvwxz2456789"):
    return "".join(rnd.choice(alphabet) for _ in range(n))


# ----------------------------------------------------------------- Python traceback (ingest worker, BigQuery quota)
def py_ingest_bq(target, seed=1):
    rnd = random.Random(seed)
    ts = ts_iter(dt.datetime(2026, 11, 30, 3, 12, 5), rnd, 0.2, 40)
    def block(rnd, i):
        t = next(ts)
        batch = rnd.randint(4000, 99999)
        out = [
            f"{t:%Y-%m-%d %H:%M:%S},{rnd.randint(100,999)} INFO  ingest.worker[{rnd.randint(10,60)}] flushing batch={batch} rows={rnd.randint(800,5000)} table=lumen-prod.raw.events_2026",
            f"{t:%Y-%m-%d %H:%M:%S},{rnd.randint(100,999)} WARNING google.api_core.retry Retrying due to 403 POST https://bigquery.googleapis.com/bigquery/v2/projects/lumen-prod/datasets/raw/tables/events_2026/insertAll, sleeping {rnd.uniform(0.5,8):.1f}s ...",
        ]
        if i % 2 == 1:
            out += [
                f"{t:%Y-%m-%d %H:%M:%S},{rnd.randint(100,999)} ERROR ingest.worker[{rnd.randint(10,60)}] batch {batch} failed after 5 attempts",
                "Traceback (most recent call last):",
                '  File "/app/ingest/worker.py", line 214, in flush',
                "    errors = self.client.insert_rows_json(self.table, rows, row_ids=ids)",
                '  File "/usr/local/lib/python3.11/site-packages/google/cloud/bigquery/client.py", line 3594, in insert_rows_json',
                "    response = self._call_api(",
                '  File "/usr/local/lib/python3.11/site-packages/google/api_core/retry.py", line 366, in retry_wrapped_func',
                "    return retry_target(",
                '  File "/usr/local/lib/python3.11/site-packages/google/api_core/retry.py", line 204, in retry_target',
                "    raise exceptions.RetryError(",
                "google.api_core.exceptions.Forbidden: 403 POST https://bigquery.googleapis.com/bigquery/v2/projects/lumen-prod/datasets/raw/tables/events_2026/insertAll?prettyPrint=false: Exceeded rate limits: too many table update operations for this table. For more information, see https://cloud.google.com/bigquery/docs/troubleshoot-quotas",
                "",
                "During handling of the above exception, another exception occurred:",
                "",
                "Traceback (most recent call last):",
                '  File "/app/ingest/main.py", line 88, in run_forever',
                "    worker.flush()",
                '  File "/app/ingest/worker.py", line 231, in flush',
                "    raise IngestFatal(f\"batch {batch_id} dropped\") from exc",
                f"ingest.errors.IngestFatal: batch {batch} dropped",
                f"{t:%Y-%m-%d %H:%M:%S},{rnd.randint(100,999)} CRITICAL ingest.main worker exiting with code 1 (pod ingest-worker-{rid(rnd,9)}-{rid(rnd)})",
            ]
        return out
    return fill(block, target, rnd)


def py_airflow_gcs(target, seed=2):
    rnd = random.Random(seed)
    head = [
        "[2026-12-01, 02:00:14 UTC] {taskinstance.py:1157} INFO - Dependencies all met for <TaskInstance: refunds_daily.load_to_bq scheduled__2026-11-30T02:00:00+00:00 [queued]>",
        "[2026-12-01, 02:00:14 UTC] {taskinstance.py:1359} INFO - Starting attempt 3 of 3",
        "[2026-12-01, 02:00:15 UTC] {gcs.py:331} INFO - Downloading gs://lw-landing/shopify/refunds/2026-11-30/part-00000.json.gz",
    ]
    def block(rnd, i):
        return [
            f"[2026-12-01, 02:00:{16+i:02d} UTC] {{gcs.py:331}} INFO - Downloading gs://lw-landing/shopify/refunds/2026-11-30/part-{i+1:05d}.json.gz",
            f"[2026-12-01, 02:00:{17+i:02d} UTC] {{bigquery.py:2871}} WARNING - schema mismatch on field refund_line_items.subtotal_set: expected NUMERIC got STRING",
        ]
    tail = [
        "[2026-12-01, 02:01:02 UTC] {taskinstance.py:1851} ERROR - Task failed with exception",
        "Traceback (most recent call last):",
        '  File "/opt/airflow/dags/refunds/load.py", line 57, in load_to_bq',
        "    job.result()",
        '  File "/home/airflow/.local/lib/python3.10/site-packages/google/cloud/bigquery/job/base.py", line 922, in result',
        "    return super(_AsyncJob, self).result(timeout=timeout, **kwargs)",
        "google.api_core.exceptions.BadRequest: 400 Error while reading data, error message: JSON table encountered too many errors, giving up. Rows: 1432; errors: 1. Please look into the errors[] collection for more details.",
        "[2026-12-01, 02:01:02 UTC] {taskinstance.py:1401} INFO - Marking task as FAILED. dag_id=refunds_daily, task_id=load_to_bq",
    ]
    return fill(block, target, rnd, head, tail)


def py_short_trace(seed=3):
    return "\n".join([
        "Traceback (most recent call last):",
        '  File "/srv/hub-sync/sync.py", line 142, in push_contacts',
        "    resp = session.post(f\"{HUBSPOT_API}/crm/v3/objects/contacts/batch/upsert\", json=payload, timeout=30)",
        '  File "/usr/lib/python3.11/site-packages/requests/sessions.py", line 637, in post',
        "    return self.request(\"POST\", url, data=data, json=json, **kwargs)",
        '  File "/usr/lib/python3.11/site-packages/requests/adapters.py", line 532, in send',
        "    raise ReadTimeout(e, request=request)",
        "requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='api.hubapi.com', port=443): Read timed out. (read timeout=30)",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        '  File "/srv/hub-sync/sync.py", line 151, in push_contacts',
        "    raise SyncError(\"batch 37/112 failed; 100 contacts not upserted (source: shopify customers export 2026-12-01)\")",
        "hub_sync.errors.SyncError: batch 37/112 failed; 100 contacts not upserted (source: shopify customers export 2026-12-01)",
    ])


# ----------------------------------------------------------------- gateway / payment logs
SERVICES = ["payments-api", "checkout-web", "order-service", "refund-worker", "ledger-sync"]


def gateway_logs(target, seed=4, style="json"):
    rnd = random.Random(seed)
    ts = ts_iter(dt.datetime(2026, 12, 1, 9, 41, 0), rnd, 0.01, 3)
    def block(rnd, i):
        t = next(ts)
        svc = rnd.choice(SERVICES)
        pod = f"{svc}-{rid(rnd,9)}-{rid(rnd)}"
        kind = rnd.random()
        if kind < 0.45:
            msg = {"level": "error", "ts": t.isoformat() + "Z", "svc": svc, "pod": pod, "msg": "upstream timeout calling payment gateway",
                   "gateway": "stripe", "endpoint": "POST /v1/payment_intents/confirm", "elapsed_ms": rnd.randint(10000, 30050),
                   "order": f"#{rnd.randint(1100, 2400)}", "trace_id": hexid(rnd, 32)}
        elif kind < 0.65:
            msg = {"level": "warn", "ts": t.isoformat() + "Z", "svc": svc, "pod": pod, "msg": "retrying idempotent request",
                   "attempt": rnd.randint(2, 4), "idempotency_key": f"ik_{hexid(rnd,24)}"}
        elif kind < 0.8:
            msg = {"level": "error", "ts": t.isoformat() + "Z", "svc": svc, "pod": pod,
                   "msg": "pq: canceling statement due to statement timeout", "query": "UPDATE payments SET status=$1 WHERE id=$2", "db": "pg-payments-primary"}
        else:
            msg = {"level": "info", "ts": t.isoformat() + "Z", "svc": svc, "pod": pod, "msg": "webhook received",
                   "event": rnd.choice(["charge.succeeded", "charge.refunded", "payment_intent.payment_failed", "charge.dispute.created"]),
                   "evt_id": f"evt_{rid(rnd,20,'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')}"}
        return [json.dumps(msg, ensure_ascii=False)]
    return fill(block, target, rnd)


def stripe_charge_log(target, seed=5):
    rnd = random.Random(seed)
    head = ["created (UTC)        | charge id                    | amount   | cur | status    | order  | card  | note",
            "---------------------+------------------------------+----------+-----+-----------+--------+-------+------------------"]
    orders = ["#2287", "#2291", "#2291", "#2296", "#2296", "#2301", "#2304", "#2304"]
    def block(rnd, i):
        o = orders[i % len(orders)] if i < len(orders) else f"#{rnd.randint(2305, 2390)}"
        amt = rnd.choice(["129.00", "89.50", "249.00", "59.00", "312.40"])
        st = "succeeded" if rnd.random() < 0.85 else "refunded"
        note = "DUPLICATE (same idempotency window)" if i in (2, 4, 7) else ""
        return [f"2026-11-29 {rnd.randint(10,23):02d}:{rnd.randint(0,59):02d}:{rnd.randint(0,59):02d}  | ch_{rid(rnd,24,'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')} | {amt:>8} | EUR | {st:<9} | {o:<6} | ••{rnd.randint(1000,9999)} | {note}"]
    return fill(block, target, rnd, head)


# ----------------------------------------------------------------- k8s YAML
def k8s_yaml(target, seed=6, app="search-api", ns="staging", with_hpa=True, extra_cm=True):
    rnd = random.Random(seed)
    docs = []
    docs.append(f"""apiVersion: apps/v1
kind: Deployment
metadata:
  name: {app}
  namespace: {ns}
  labels:
    app.kubernetes.io/name: {app}
    app.kubernetes.io/part-of: lumen-platform
    team: platform
spec:
  replicas: 3
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  selector:
    matchLabels:
      app.kubernetes.io/name: {app}
  template:
    metadata:
      labels:
        app.kubernetes.io/name: {app}
      annotations:
        prometheus.io/scrape: "true"
        prometheus.io/port: "9102"
    spec:
      serviceAccountName: {app}
      terminationGracePeriodSeconds: 45
      containers:
        - name: app
          image: registry.gitlab.lumenworks.io/platform/{app}:3.8.{rnd.randint(0,9)}-{hexid(rnd,8)}
          ports:
            - containerPort: 8080
              name: http
            - containerPort: 9102
              name: metrics
          env:
            - name: DATABASE_URL
              valueFrom:
                secretKeyRef:
                  name: {app}-db
                  key: url
            - name: BQ_PROJECT
              value: lumen-prod
            - name: BQ_DATASET
              value: marts
            - name: SENTRY_DSN
              valueFrom:
                secretKeyRef:
                  name: sentry
                  key: dsn
            - name: SENTRY_ENVIRONMENT
              value: {ns}
            - name: REDIS_ADDR
              value: redis-master.{ns}.svc.cluster.local:6379
          resources:
            requests:
              cpu: 250m
              memory: 512Mi
            limits:
              cpu: "1"
              memory: 1Gi
          readinessProbe:
            httpGet:
              path: /healthz/ready
              port: http
            periodSeconds: 5
            failureThreshold: 3
          livenessProbe:
            httpGet:
              path: /healthz/live
              port: http
            initialDelaySeconds: 20
            periodSeconds: 10""")
    docs.append(f"""apiVersion: v1
kind: Service
metadata:
  name: {app}
  namespace: {ns}
spec:
  selector:
    app.kubernetes.io/name: {app}
  ports:
    - name: http
      port: 80
      targetPort: http""")
    if with_hpa:
        docs.append(f"""apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {app}
  namespace: {ns}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {app}
  minReplicas: 3
  maxReplicas: 24
  behavior:
    scaleUp:
      stabilizationWindowSeconds: 0
      policies:
        - type: Percent
          value: 100
          periodSeconds: 30
    scaleDown:
      stabilizationWindowSeconds: 300
      policies:
        - type: Pods
          value: 2
          periodSeconds: 60
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: 65
    - type: Pods
      pods:
        metric:
          name: http_requests_per_second
        target:
          type: AverageValue
          averageValue: "120\"""")
    text = "\n---\n".join(docs)
    i = 0
    while extra_cm and len(text) < target:
        keys = "\n".join(f"    {k}: \"{v}\"" for k, v in [
            (f"FEATURE_{rnd.choice(['REFUND_V2','SEA_PAYMENTS','NEW_SEARCH','CSAT_SURVEY','BQ_STREAMING'])}_{i}_{j}", rnd.choice(["true", "false", "0.25", "canary"]))
            for j in range(8)])
        text += f"""
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: {app}-flags-{i}
  namespace: {ns}
data:
{keys}"""
        i += 1
    return text


def hpa_only(seed=7):
    t = k8s_yaml(10, seed=seed, app="feed-ranker", ns="ml-serving", with_hpa=True, extra_cm=False)
    return t.split("\n---\n")[2] + "\n---\n" + t.split("\n---\n")[1]


# ----------------------------------------------------------------- Sentry event JSON
def sentry_event(target, seed=8, platform="python", title=None, culprit=None, issue_id="4483310927", short_id="API-7DC",
                 project="payments-api", extra_words=("stripe", "postgres"), compact=False):
    rnd = random.Random(seed)
    if platform == "python":
        frames_pool = [("/app/payments/api/refunds.py", "create_refund"), ("/app/payments/services/gateway.py", "confirm_intent"),
                       ("/usr/local/lib/python3.11/site-packages/stripe/api_requestor.py", "request"),
                       ("/usr/local/lib/python3.11/site-packages/sqlalchemy/engine/base.py", "_execute_context"),
                       ("/app/payments/db/ledger.py", "post_entry"), ("/usr/local/lib/python3.11/site-packages/urllib3/connectionpool.py", "urlopen")]
        exc_type, exc_val = "OperationalError", "(psycopg2.errors.QueryCanceled) canceling statement due to statement timeout [SQL: UPDATE ledger_entries SET state=%(state)s WHERE id=%(id)s]"
    else:
        frames_pool = [("webpack:///./src/checkout/PaymentStep.tsx", "onSubmit"), ("webpack:///./src/api/client.ts", "request"),
                       ("webpack:///./node_modules/@stripe/stripe-js/dist/stripe.esm.js", "confirmCardPayment"),
                       ("webpack:///./src/store/cartSlice.ts", "applyDiscount"), ("webpack:///./node_modules/react-dom/cjs/react-dom.production.min.js", "invokeGuardedCallback")]
        exc_type, exc_val = "TypeError", "Cannot read properties of undefined (reading 'client_secret')"
    title = title or f"{exc_type}: {exc_val[:80]}"
    ev = {
        "eventID": hexid(rnd, 32), "groupID": issue_id, "issue_short_id": short_id, "projectSlug": project,
        "title": title, "culprit": culprit or f"{frames_pool[0][0].split('/')[-1]} in {frames_pool[0][1]}",
        "platform": platform, "dateCreated": "2026-12-01T10:14:07.913Z", "level": "error",
        "release": f"{project}@3.8.{rnd.randint(0,3)}", "environment": "production",
        "tags": [{"key": k, "value": v} for k, v in [("browser", "Chrome 131.0"), ("os", "Mac OS X 14.6"), ("server_name", f"{project}-{rid(rnd,9)}-{rid(rnd)}"),
                                                     ("transaction", "POST /v2/refunds"), ("http.status_code", "500"), ("gateway", extra_words[0]),
                                                     ("db.system", extra_words[1]), ("customer_tier", "plus"), ("k8s.namespace", "pay")]],
        "user": {"id": f"cus_{rid(rnd,10)}", "email": f"shopper{rnd.randint(100,999)}@example.net", "ip_address": "203.0.113.42"},
        "request": {"method": "POST", "url": f"https://api.lumenworks.io/v2/refunds", "headers": [["User-Agent", "LumenApp/5.2.1 (iOS 18.1)"], ["X-Request-Id", hexid(rnd, 16)]],
                    "data": {"order_id": f"#{rnd.randint(1000,2500)}", "amount": "129.00", "reason": "duplicate"}},
        "contexts": {"runtime": {"name": "CPython" if platform == "python" else "browser", "version": "3.11.7"},
                     "trace": {"trace_id": hexid(rnd, 32), "span_id": hexid(rnd, 16), "op": "http.server", "status": "internal_error"}},
        "entries": [],
    }
    frames = []
    for i in range(rnd.randint(3, 4) if compact else rnd.randint(8, 14)):
        fn, fu = rnd.choice(frames_pool)
        frames.append({"filename": fn, "function": fu, "lineno": rnd.randint(20, 900), "in_app": fn.startswith("/app") or "src/" in fn,
                       "context": [[rnd.randint(1, 900), rnd.choice(["    resp = self._client.post(url, json=body, timeout=self.timeout)",
                                                                     "    row = session.execute(stmt).scalar_one()",
                                                                     "  const { client_secret } = await api.post('/v2/intents', payload);",
                                                                     "    raise GatewayTimeout(order_id=order.name) from exc",
                                                                     "    ledger.post_entry(order, amount, kind='refund')"])]],
                       "vars": {"order_id": f"'#{rnd.randint(1000,2500)}'", "attempt": str(rnd.randint(1, 4)), "timeout": "10.0"}})
    ev["entries"].append({"type": "exception", "data": {"values": [{"type": exc_type, "value": exc_val, "mechanism": {"type": "generic", "handled": False},
                                                                     "stacktrace": {"frames": frames}}]}})
    crumbs = []
    ev["entries"].append({"type": "breadcrumbs", "data": {"values": crumbs}})
    ts = ts_iter(dt.datetime(2026, 12, 1, 10, 13, 40), rnd, 0.05, 1.5)
    ind = None if compact else 2
    while len(json.dumps(ev, indent=ind, ensure_ascii=False)) < target:
        t = next(ts)
        c = rnd.choice([
            {"category": "http", "type": "http", "data": {"method": "POST", "url": "https://api.stripe.com/v1/payment_intents", "status_code": rnd.choice([200, 200, 402, 500])}},
            {"category": "query", "message": "SELECT orders.id, orders.name FROM orders WHERE orders.name = %(name)s", "data": {"db.system": "postgresql"}},
            {"category": "redis", "message": f"GET cart:{rid(rnd,12)}"},
            {"category": "log", "level": "warning", "message": "Shopify webhook orders/updated arrived out of order; requeueing"},
            {"category": "http", "type": "http", "data": {"method": "GET", "url": f"https://lumenworks.zendesk.com/api/v2/tickets/{rnd.randint(90000,96000)}.json", "status_code": 200}},
        ])
        c["timestamp"] = t.isoformat() + "Z"
        crumbs.append(c)
    return json.dumps(ev, indent=ind, ensure_ascii=False)


def sentry_breadcrumbs(target, seed=9):
    rnd = random.Random(seed)
    ts = ts_iter(dt.datetime(2026, 12, 1, 10, 13, 0), rnd, 0.05, 2)
    def block(rnd, i):
        t = next(ts)
        return [rnd.choice([
            f"{t:%H:%M:%S.%f}"[:-3] + "  http     POST https://api.stripe.com/v1/refunds [" + str(rnd.choice([200, 200, 409])) + "]",
            f"{t:%H:%M:%S.%f}"[:-3] + "  query    UPDATE refunds SET state='pending' WHERE order_name='#" + str(rnd.randint(2000, 2400)) + "'",
            f"{t:%H:%M:%S.%f}"[:-3] + "  navigation /orders/#" + str(rnd.randint(2000, 2400)) + "/refund -> /orders",
            f"{t:%H:%M:%S.%f}"[:-3] + "  ui.click  button#confirm-refund",
            f"{t:%H:%M:%S.%f}"[:-3] + "  console  [warn] shopify admin api throttled (bucket 38/40)",
        ])]
    return fill(block, target, rnd, ["breadcrumbs (cont.)", "-------------------"])


# ----------------------------------------------------------------- e-mail threads
def email_thread(target, seed=10, theme="kestrel"):
    rnd = random.Random(seed)
    themes = {
        "kestrel": dict(subj="Re: Re: Renewal + the Zendesk ticket backlog", cust="Marta Vidal <marta.vidal@kestrelfreight.example>",
                        us="Jonas Becker <jonas.becker@lumenworks.io>",
                        paras=["Thanks for the call on Tuesday. As discussed we'd like to move from the Growth plan to Enterprise from January, but only if the SSO piece is really live by then.",
                               "Our ops team still has 14 open tickets in your Zendesk (the oldest is #91877 from October) about the Shopify sync dropping orders with more than 50 line items.",
                               "Legal will need the updated DPA before we sign. Can you send the redlined version? Our procurement contact is Ilse Andersen.",
                               "Budget is approved at EUR 48k/yr; the 36k number in your last quote was for the old seat count.",
                               "We also saw the BigQuery export run late three days in a row last week (the nightly marts job finished at 09:40 instead of 06:00), which breaks our morning dashboards.",
                               "Happy to do a joint review with your CS team next week, Wednesday or Thursday afternoon works for us.",
                               "One more thing: please keep Pieter (our new head of logistics) in CC from now on."]),
        "mapletrail": dict(subj="URGENT: order sync failing since the weekend", cust="Kenji Aoyama <kenji@mapletrail-outfitters.example>",
                           us="Support <support@lumenworks.io>",
                           paras=["Since Saturday none of our Shopify orders are reaching the warehouse system. Your status page says everything is green.",
                                  "I attached the export from our side: 312 orders between #4410 and #4722 are stuck as 'unfulfilled'.",
                                  "Our developer saw HTTP 401 from your webhook endpoint and something about an expired token in the Kubernetes logs you shared last time.",
                                  "This is peak season for us. Every day costs us roughly 300 delayed shipments.",
                                  "Please escalate. We are on the Plus plan and the SLA says 4h first response.",
                                  "If it helps, the last successful sync was Friday 23:58 JST according to our Sentry breadcrumbs."]),
        "audit": dict(subj="Kestrel Assurance — SOC 2 Type II fieldwork document requests", cust="Dana Whitfield <dana.whitfield@kestrel-assurance.example>",
                      us="Amira Saleh <amira.saleh@lumenworks.io>",
                      paras=["As agreed, fieldwork starts on December 8. Please provide read access to the evidence folder for me and for my colleague Oskar Lind (oskar.lind@kestrel-assurance.example).",
                             "We will need: access review exports from GitLab and Google Workspace, the change-management tickets for Q3 (Linear or Jira, whichever you use), and the incident log.",
                             "For the sample of 25 changes we will pick merge requests at random; please make sure each has an approval and a linked ticket.",
                             "We do not need edit rights. Viewer is enough, and please don't send us files by e-mail.",
                             "The population list for terminated employees should include the Feishu deprovisioning date.",
                             "Let me know who on your side will be our point of contact during fieldwork."]),
        "signup": dict(subj="Intro: Dunefield Trading x Lumenworks", cust="Omar Haddad <omar.haddad@dunefield-trading.example>",
                       us="Leah Kim <leah.kim@lumenworks.io>",
                       paras=["Great to meet you at the Dubai retail summit. As promised, here's a bit about us.",
                              "We run 3 Shopify stores (UAE, KSA, Oman) with around 9,000 orders a month and a small support team on Zendesk.",
                              "Our main pain point is reconciling refunds between Shopify, our PSP and the BigQuery warehouse our agency set up.",
                              "We'd like a demo for our COO and the e-commerce lead in the second week of December.",
                              "Could you also share pricing for 15 seats?"]),
    }
    th = themes[theme]
    out = []
    day = 24
    turn = 0
    while len("\n".join(out)) < target:
        frm = th["cust"] if turn % 2 == 0 else th["us"]
        to = th["us"] if turn % 2 == 0 else th["cust"]
        body = rnd.sample(th["paras"], k=min(len(th["paras"]), rnd.randint(2, 4)))
        if turn % 2 == 1:
            body = [rnd.choice(["Thanks, noted.", "Understood — looping in the team.", "Let me check internally and come back to you today."]),
                    rnd.choice(["I've asked our platform team to look at the sync logs.", "The DPA redline is with our legal team.", "I'll confirm the dates by Friday."])]
        msg = [f"-----Original Message-----" if turn else "",
               f"From: {frm}", f"To: {to}", f"Date: {dt.date(2026, 11, day - turn):%a}, {day - turn} Nov 2026 {rnd.randint(8,18)}:{rnd.randint(0,59):02d}",
               f"Subject: {th['subj']}", ""] + ["Hi,"] + body + ["", "Best,", frm.split()[0], ""]
        out.extend(msg)
        turn += 1
    text = "\n".join(x for x in out if x is not None)
    return text.strip()


def email_zh(target, seed=11):
    rnd = random.Random(seed)
    paras = ["您好，我是订单 #1388 的买家，之前下单时填的地址是杭州市西湖区文三路 118 号 3 幢 502 室。",
             "因为公司搬迁，想把收货地址改为：杭州市余杭区五常街道丰岭路 66 号 B 座 1201，收件人不变（林晓雯，138-0000-4512）。",
             "看物流状态还没发货，麻烦尽快帮忙改一下，谢谢！",
             "另外上次 Zendesk 客服回复说会给我发一个优惠码作为补偿，目前还没收到。",
             "如果已经发货了，可以帮我拦截吗？顺丰或者中通都可以。",
             "我在 App 里看到支付了两次 ¥459，不知道是不是重复扣款，麻烦也一起查一下。"]
    out = []
    n = 0
    while len("\n".join(out)) < target:
        if n % 2 == 0:
            out += ["发件人：林晓雯 <xiaowen.lin@example.cn>", "收件人：support@lumenworks.cn", f"时间：2026年11月{27+n//2}日 {rnd.randint(9,21)}:{rnd.randint(10,59)}",
                    "主题：回复：订单 #1388 修改收货地址", ""] + rnd.sample(paras, 3) + ["", "林晓雯", ""]
        else:
            out += ["发件人：Lumenworks 客服 <support@lumenworks.cn>", "收件人：林晓雯", f"时间：2026年11月{27+n//2}日 {rnd.randint(9,21)}:{rnd.randint(10,59)}",
                    "主题：回复：订单 #1388 修改收货地址", "", "您好，已收到您的邮件，我们正在和仓库确认发货状态，稍后回复您。", "", "—— Lumenworks 客服 小周", ""]
        n += 1
    return "\n".join(out).strip()


# ----------------------------------------------------------------- Feishu chat transcripts (Chinese)
PEOPLE = ["王磊", "李娜", "陈思远", "周婷", "赵一鸣", "刘洋", "孙悦", "Kevin Zhou", "何佳", "马骁"]
CHAT_THEMES = {
    "release": ["12 月 9 号那版要不要带上退款 v2？", "GitLab 上 !733 还有两个 review comment 没处理", "k8s 那边 payments-api 的 HPA 我已经改成最多 24 个副本了",
                "发布窗口定周二晚上 22:00 到 23:30 吧，避开大促预热", "Sentry 上 API-7DC 这个报错还在刷，上线前要修掉", "灰度先开 10% 流量，看一小时再全量",
                "BigQuery 的对账报表明早要重新跑一遍", "回滚方案写在飞书文档《支付上线 checklist》里了", "QA 这周只有两个人，回归测试时间有点紧",
                "我建议周二上线，周三早上 10 点开个复盘会", "发布审批谁来提？上次是王磊提的", "好，那我周二晚上值班"],
    "growth": ["注册页的埋点好像丢了，GA 和 BigQuery 里 signup_submit 事件从周五开始掉了 40%", "是不是前端 A/B 实验那个分支把 track 调用删了",
               "我看了下 GitLab MR !688，确实把 analytics.track('signup_submit') 挪到了 onSuccess 里面", "那失败的提交就不会上报了",
               "Linear 上有没有人建过这个 issue？", "先别管漏斗了，周报里注明一下数据有问题", "Shopify 那边的转化没受影响，是我们自己的注册流程",
               "实验组 B 的转化率 3.1%，对照组 2.7%，但埋点有问题这个结论不可靠", "下周一之前要修好，不然月报没法出", "我来写个 SQL 把缺的数据从 server log 补回来"],
    "complaint": ["客户「禾木科技」的陈总在群里发火了，说连续三天订单同步失败", "他们是 Plus 客户，SLA 是 4 小时响应", "我看了 Kubernetes 日志，webhook 返回 401，token 过期了",
                  "Sentry 上有个 issue 一直在报 InvalidTokenError", "上次 Zendesk 工单 #93140 已经关了，但问题又出现了", "客户要求今天给书面说明",
                  "销售那边说他们下个月要续约，金额 36 万，不能出岔子", "我先安抚一下，技术这边谁能今晚看？", "影响订单大概 300 多单，编号 #4410 到 #4722",
                  "客户邮箱是 chen.zong@hemu-tech.example，联系电话我私发你", "这个要升级到 urgent 吧"],
    "approval": ["我提了一个采购审批，买 20 台 MacBook 给新入职的同学", "审批编号是 7C1F2A9E-3B0D-4E51-A8F2-91D0C6E4B7A3", "财务那边卡住了吗？已经三天了",
                 "刘洋说他那一级已经同意了", "金额 ¥398,000，超过 30 万要 CFO 审", "CFO 这周在新加坡出差", "能不能先走加急？IT 那边下周一就要装机",
                 "我在飞书里看审批流显示还在「财务复核」", "供应商报价单在 Google Drive 的 Procurement/2026 文件夹里"],
    "alert": ["【告警】prod 集群 ingest 命名空间 Pod 重启次数过多", "ingest-worker 这 10 分钟重启了 14 次", "看日志是 BigQuery insertAll 403 rate limit",
              "是不是昨天把 batch size 调小了导致写入频率变高", "Sentry 上 PLAT-2C9 事件数暴涨", "我先把副本数降到 4 看看", "GitLab 上那个改 batch size 的 MR 是谁合的？",
              "先回滚吧，别扛着", "回滚后观察 30 分钟"],
}


CHAT_NOUNS = {
    "release": ["退款 v2 的开关", "!733 的 review", "payments-api 的 HPA", "灰度比例", "API-7DC 那个报错", "对账报表", "回滚脚本", "发布审批", "回归用例", "值班表", "DB migration", "Xendit 的回调地址"],
    "growth": ["signup_submit 埋点", "实验分流比例", "!688 的改动", "漏斗看板", "补数 SQL", "周报里的转化率", "A/B 实验报告", "GA 和 BigQuery 对不上的问题", "新版注册页文案"],
    "complaint": ["禾木科技的工单", "webhook token", "InvalidTokenError", "书面说明", "续约合同", "受影响订单清单", "SLA 升级", "客户回电", "补偿方案"],
    "approval": ["采购审批", "报价单", "CFO 加签", "装机排期", "财务复核", "预算科目", "供应商合同", "加急流程"],
    "alert": ["ingest-worker 重启", "insertAll 403", "batch size", "PLAT-2C9", "副本数", "回滚", "告警阈值", "BigQuery 配额"],
}
CHAT_TEMPLATES = ["@{p} {x} 这个你跟一下", "{x} 我这边确认过了，没问题", "那 {x} 就按刚才说的来", "刚看了一下，{x} 还有点问题",
                  "{x} 谁在负责？", "{x} 今天能搞定吗", "我把 {x} 的截图发群里了", "{x} 先记到飞书文档里吧", "{x} 明天站会再对一下",
                  "@{p} {x} 有更新了吗", "关于 {x}，我倾向于先不动", "{x} 已经同步给客户成功那边了"]
ACKS = ["收到", "+1", "好的", "我看下", "👍", "稍等", "同意", "有道理", "OK", "了解", "辛苦", "马上"]


def feishu_chat(target, seed=12, theme="release", start=(2026, 11, 28, 14, 2)):
    rnd = random.Random(seed)
    lines = CHAT_THEMES[theme]
    t = dt.datetime(*start)
    out = []
    i = 0
    last = None
    while len("\n".join(out)) < target:
        t += dt.timedelta(minutes=rnd.randint(0, 6), seconds=rnd.randint(0, 59))
        who = rnd.choice([p for p in PEOPLE if p != last])
        last = who
        if i < len(lines):
            msg = lines[i]
        elif rnd.random() < 0.3:
            msg = rnd.choice(ACKS)
        else:
            msg = rnd.choice(CHAT_TEMPLATES).format(p=rnd.choice(PEOPLE), x=rnd.choice(CHAT_NOUNS[theme]))
        out.append(f"{who} {t:%m-%d %H:%M}")
        out.append(msg)
        i += 1
    return "\n".join(out)


# ----------------------------------------------------------------- SQL
def sql_weekly_gmv():
    return """-- weekly GMV vs refunds, by channel (owner: data-eng, source: shopify + stripe + zendesk tags)
WITH orders AS (
  SELECT
    o.order_id,
    o.order_name,
    DATE_TRUNC(DATE(o.created_at, 'Asia/Shanghai'), WEEK(MONDAY)) AS wk,
    o.channel,
    o.total_price_usd,
    o.customer_id
  FROM `lumen-prod.marts.shopify_orders` o
  WHERE o.created_at >= TIMESTAMP('2026-09-01')
    AND o.test = FALSE
    AND o.cancelled_at IS NULL
),
refunds AS (
  SELECT
    r.order_id,
    SUM(r.amount_usd) AS refunded_usd,
    COUNTIF(r.reason = 'duplicate_charge') AS dup_refunds
  FROM `lumen-prod.marts.stripe_refunds` r
  GROUP BY 1
),
tickets AS (
  SELECT
    t.order_name,
    COUNT(*) AS n_tickets,
    LOGICAL_OR('refund' IN UNNEST(t.tags)) AS has_refund_tag
  FROM `lumen-prod.raw.zendesk_tickets` t
  WHERE t.created_at >= TIMESTAMP('2026-09-01')
  GROUP BY 1
)
SELECT
  o.wk,
  o.channel,
  COUNT(DISTINCT o.order_id)                          AS orders,
  ROUND(SUM(o.total_price_usd), 2)                    AS gmv_usd,
  ROUND(SUM(IFNULL(r.refunded_usd, 0)), 2)            AS refunded_usd,
  SAFE_DIVIDE(SUM(IFNULL(r.refunded_usd, 0)), SUM(o.total_price_usd)) AS refund_rate,
  SUM(IFNULL(r.dup_refunds, 0))                       AS duplicate_charge_refunds,
  COUNTIF(t.has_refund_tag)                           AS orders_with_refund_ticket
FROM orders o
LEFT JOIN refunds r USING (order_id)
LEFT JOIN tickets t ON t.order_name = o.order_name
GROUP BY 1, 2
ORDER BY gmv_usd DESC
LIMIT 10;"""


def sql_refund_rate_view():
    return """SELECT
  DATE(o.created_at, 'Asia/Shanghai')                         AS order_date,
  o.shop_domain,
  o.channel,
  COUNT(DISTINCT o.order_id)                                  AS orders,
  COUNT(DISTINCT IF(r.order_id IS NOT NULL, o.order_id, NULL)) AS refunded_orders,
  SAFE_DIVIDE(COUNT(DISTINCT IF(r.order_id IS NOT NULL, o.order_id, NULL)),
              COUNT(DISTINCT o.order_id))                     AS refund_rate,
  SUM(IFNULL(r.amount_usd, 0))                                AS refunded_usd,
  -- duplicate-charge refunds come from the stripe webhook, tagged by refund-worker
  SUM(IF(r.reason = 'duplicate_charge', r.amount_usd, 0))     AS dup_charge_usd,
  -- join zendesk tickets tagged refund to see how many refunds were support-driven
  COUNT(DISTINCT z.ticket_id)                                 AS refund_tickets,
  APPROX_QUANTILES(TIMESTAMP_DIFF(r.created_at, o.created_at, HOUR), 100)[OFFSET(50)] AS p50_hours_to_refund
FROM `lumen-prod.marts.shopify_orders` AS o
LEFT JOIN `lumen-prod.marts.stripe_refunds` AS r
  ON r.order_id = o.order_id
LEFT JOIN `lumen-prod.raw.zendesk_tickets` AS z
  ON z.order_name = o.order_name
 AND 'refund' IN UNNEST(z.tags)
WHERE o.test = FALSE
  AND o.created_at >= TIMESTAMP_SUB(CURRENT_TIMESTAMP(), INTERVAL 180 DAY)
GROUP BY 1, 2, 3
-- NOTE: partition filter on created_at keeps this under ~40 GB scanned
-- TODO(周婷): exclude B2B draft orders once hubspot deal ids are synced into marts.b2b_orders
-- TODO: shop_domain for the KSA store is still the myshopify.com one"""


def sql_explain_me():
    return """SELECT user_id,
       COUNT(*) FILTER (WHERE event_name = 'signup_submit') AS submits,
       MIN(event_ts) AS first_seen,
       LAG(MIN(event_ts)) OVER (PARTITION BY user_id ORDER BY MIN(event_ts)) AS prev_session,
       SUM(COUNT(*)) OVER (PARTITION BY DATE_TRUNC('week', MIN(event_ts)) ORDER BY MIN(event_ts)
                           ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running_total
FROM analytics.events_raw e
JOIN analytics.sessions s ON s.session_id = e.session_id AND s.is_bot = FALSE
WHERE e.event_date BETWEEN DATE '2026-11-01' AND DATE '2026-11-30'
  AND e.app_version NOT LIKE '5.1.%'
GROUP BY user_id, s.session_id
HAVING COUNT(*) FILTER (WHERE event_name = 'signup_submit') > 1
QUALIFY ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY first_seen DESC) = 1
ORDER BY submits DESC
LIMIT 500;
-- 这条是从 Metabase 里导出来的，原作者已经离职
-- 跑在 Postgres 上没问题，搬到 BigQuery 之后 FILTER 语法报错"""


def sql_with_plan(target, seed=13):
    rnd = random.Random(seed)
    q = """SELECT e.user_id, e.event_name, e.event_ts, s.utm_source, s.utm_campaign, u.plan
FROM `lumen-prod.analytics.events_raw` e
JOIN `lumen-prod.analytics.sessions` s USING (session_id)
JOIN `lumen-prod.marts.users` u USING (user_id)
WHERE e.event_name IN ('signup_view', 'signup_submit', 'signup_success')
  AND s.utm_source IS NOT NULL
ORDER BY e.event_ts DESC;"""
    head = [q, "", "Query plan (from the job details tab):", "Stage | Name          | Records read   | Records written | Wait ms | Compute ms | Shuffle MB"]
    def block(rnd, i):
        return [f"S{i:02d}   | {rnd.choice(['Input','Join+','Aggregate','Sort','Repartition','Output'])}{'':<6}| {rnd.randint(10**6, 9*10**9):>14,} | {rnd.randint(10**4, 10**9):>15,} | {rnd.randint(0,90000):>7} | {rnd.randint(100,5000000):>10} | {rnd.randint(1,90000):>10}"]
    return fill(block, target, rnd, head, ["", "Bytes processed: 4.81 TB   Slot time: 41 hr 12 min   Duration: 18 min 44 sec"])


def bq_error_json():
    return json.dumps({"error": {"code": 400, "message": "Query exceeded resource limits. 46521.9 CPU seconds were used, and this query must use less than 12000.0 CPU seconds. at [5:1]",
                                 "errors": [{"message": "Resources exceeded during query execution: The query could not be executed in the allotted memory. Peak usage: 131% of limit. Top memory consumer(s): ORDER BY operations: 98%", "domain": "global", "reason": "resourcesExceeded"}],
                                 "status": "INVALID_ARGUMENT"},
                       "jobReference": {"projectId": "lumen-prod", "jobId": "bquxjob_3a77c1e2_18d3f0a9b11", "location": "US"},
                       "statistics": {"creationTime": "1764578112000", "startTime": "1764578112311", "endTime": "1764579236410", "totalBytesProcessed": "5288210331648",
                                      "query": {"totalSlotMs": "148325011", "billingTier": 1, "cacheHit": False, "statementType": "SELECT"}},
                       "user_email": "looker-svc@lumen-prod.iam.gserviceaccount.com"}, indent=2)


def bq_jobs_list(target, seed=14):
    rnd = random.Random(seed)
    head = ["$ bq ls -j -a -n 200 lumen-prod", "", "                      jobId                         Job Type    State      Start Time         Duration      User Email                               Bytes Processed",
            " ------------------------------------------------- ---------- --------- ----------------- ---------------- ---------------------------------------- ----------------"]
    special = " bquxjob_5e1d29c0_18d41b7f3a2                       query      RUNNING   01 Dec 08:03:11   0:40:27          kai.lindqvist@lumenworks.io               -"
    def block(rnd, i):
        if i == 23:
            return [special]
        st = rnd.choice(["SUCCESS", "SUCCESS", "SUCCESS", "FAILURE", "RUNNING"])
        jt = rnd.choice(["query", "query", "load", "extract", "copy"])
        user = rnd.choice(["looker-svc@lumen-prod.iam.gserviceaccount.com", "airflow@lumen-prod.iam.gserviceaccount.com", "zhou.ting@lumenworks.io",
                           "hubspot-sync@lumen-prod.iam.gserviceaccount.com", "dbt-runner@lumen-prod.iam.gserviceaccount.com", "kai.lindqvist@lumenworks.io"])
        jid = rnd.choice(["bquxjob_", "scheduled_query_", "airflow_refunds_daily_", "dbt_", "job_"]) + f"{hexid(rnd,8)}_{hexid(rnd,11)}"
        return [f" {jid:<50} {jt:<10} {st:<9} 01 Dec {rnd.randint(0,8):02d}:{rnd.randint(0,59):02d}:{rnd.randint(0,59):02d}   0:{rnd.randint(0,59):02d}:{rnd.randint(0,59):02d}          {user:<40} {rnd.randint(10,9000)} GB"]
    return fill(block, target, rnd, head)


# ----------------------------------------------------------------- diffs
DIFF_FILES = [
    ("services/refunds/handler.go", "go"), ("services/refunds/handler_test.go", "go"), ("web/src/checkout/PaymentStep.tsx", "ts"),
    ("deploy/k8s/payments-api/deployment.yaml", "yaml"), ("services/refunds/stripe_client.go", "go"), ("db/migrations/20261128_refund_state.sql", "sql"),
    ("config/payments.yml", "yaml"), ("web/src/api/client.ts", "ts"), ("services/ledger/post.go", "go"), ("docs/refunds-v2.md", "md"),
]
DIFF_SNIPS = {
    "go": [("-\tif order == nil {", "+\tif order == nil || order.Refundable() == false {"), ("-\treturn s.stripe.Refund(ctx, id)", "+\treturn s.stripe.Refund(ctx, id, stripe.WithIdempotencyKey(key))"),
           ("-\tlog.Printf(\"refund %s\", id)", "+\ts.log.Info(\"refund issued\", \"order\", order.Name, \"zendesk_ticket\", t.ID)"), ("-\ttimeout := 10 * time.Second", "+\ttimeout := 25 * time.Second")],
    "ts": [("-  const { client_secret } = await api.post('/v2/intents', payload);", "+  const res = await api.post('/v2/intents', payload);\n+  if (!res?.client_secret) throw new PaymentSetupError(res);"),
           ("-  Sentry.captureException(e);", "+  Sentry.captureException(e, { tags: { step: 'payment' } });")],
    "yaml": [("-          memory: 512Mi", "+          memory: 1Gi"), ("-  replicas: 3", "+  replicas: 6"), ("-    provider: stripe", "+    provider: stripe\n+    fallback: xendit")],
    "sql": [("-ALTER TABLE refunds ADD COLUMN state text;", "+ALTER TABLE refunds ADD COLUMN state text NOT NULL DEFAULT 'pending';\n+CREATE INDEX CONCURRENTLY refunds_order_name_idx ON refunds (order_name);")],
    "md": [("-Refunds are synchronous.", "+Refunds v2 are asynchronous: the API returns 202 and the refund-worker posts the ledger entry.\n+Duplicate charges detected by the Stripe webhook are refunded automatically.")],
}


def git_diff(target, seed=15):
    rnd = random.Random(seed)
    def block(rnd, i):
        path, lang = DIFF_FILES[i % len(DIFF_FILES)]
        a, b = hexid(rnd, 9), hexid(rnd, 9)
        ln = rnd.randint(10, 400)
        hdr = {"go": f"func ({rnd.choice(['s *Service','h *Handler','c *Client'])}) {rnd.choice(['Refund','Create','Post','Confirm'])}(ctx context.Context) error {{",
               "ts": "export async function submitPayment(payload: PaymentPayload) {", "yaml": "spec:", "sql": "", "md": "## Refund flow"}[lang]
        out = [f"diff --git a/{path} b/{path}", f"index {a}..{b} 100644", f"--- a/{path}", f"+++ b/{path}", f"@@ -{ln},9 +{ln},{rnd.randint(9,14)} @@ {hdr}".rstrip()]
        snips = rnd.sample(DIFF_SNIPS[lang], k=min(len(DIFF_SNIPS[lang]), rnd.randint(1, 3)))
        ctx_pool = {"go": ["\tctx, span := tracer.Start(ctx, \"refund\")", "\tdefer span.End()", "\t// keep in sync with BigQuery marts.stripe_refunds", "\tif err != nil {", "\t\treturn err", "\t}"],
                    "ts": ["  try {", "  } catch (e) {", "  // TODO: surface Stripe decline codes to the UI", "  setLoading(false);"],
                    "yaml": ["  template:", "    spec:", "      containers:", "        resources:"], "sql": ["BEGIN;", "COMMIT;", "-- refunds v2"], "md": ["", "See also the Linear project 'Refunds v2'."]}[lang]
        for m, p in snips:
            out += [" " + c for c in rnd.sample(ctx_pool, k=min(2, len(ctx_pool)))]
            out += m.split("\n") + p.split("\n")
        return out
    return fill(block, target, rnd)


# ----------------------------------------------------------------- CSV exports
FIRST = ["Ana", "Kenji", "Marta", "Omar", "Priya", "Lukas", "Mei", "Tessa", "Rafael", "Ines", "Jonah", "Yuki", "Sven", "Leila", "Noor", "Hugo", "Wen", "Chloe", "Dmitri", "Aiko"]
LAST = ["Okafor", "Aoyama", "Vidal", "Haddad", "Raman", "Brandt", "Lin", "Moreau", "Costa", "Duarte", "Pike", "Sato", "Nyberg", "Farouk", "Amini", "Lefevre", "Zhao", "Martin", "Volkov", "Mori"]
DOMAINS = ["example.com", "example.net", "mail.example", "koyomail.example", "brisa-surf.example", "kestrelfreight.example"]


def csv_refund_requests(target, seed=16):
    rnd = random.Random(seed)
    head = ["request_id,created_at,zendesk_ticket,shopify_order,customer_email,amount,currency,reason,stripe_charge,status,agent"]
    def block(rnd, i):
        f, l = rnd.choice(FIRST), rnd.choice(LAST)
        return [f"rr_{20000+i},2026-11-{rnd.randint(1,30):02d}T{rnd.randint(0,23):02d}:{rnd.randint(0,59):02d}:00Z,{rnd.randint(88000,96000)},#{rnd.randint(1000,2600)},"
                f"{f.lower()}.{l.lower()}@{rnd.choice(DOMAINS)},{rnd.choice(['29.00','59.00','89.50','129.00','249.00','312.40'])},{rnd.choice(['EUR','USD','CNY'])},"
                f"{rnd.choice(['duplicate_charge','damaged','not_received','wrong_size','changed_mind'])},ch_{rid(rnd,14,'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')},"
                f"{rnd.choice(['pending','approved','rejected','needs_info'])},{rnd.choice(['xiao.zhou','m.santos','k.ito','unassigned'])}"]
    return fill(block, target, rnd, head)


def csv_shopify_orders(target, seed=17, dup_focus=False):
    rnd = random.Random(seed)
    head = ["Name,Email,Financial Status,Paid at,Fulfillment Status,Currency,Subtotal,Shipping,Total,Discount Code,Created at,Lineitem name,Lineitem quantity,Billing Name,Shipping City,Payment Method,Payment Reference,Risk Level,Tags"]
    items = ["Alpine Insulated Bottle 500ml", "Kumo Down Vest - M", "Kumo Down Vest - L", "Trail Hoodie - M", "Canvas Tote", "Merino Beanie", "Alpine Insulated Bottle 750ml"]
    def block(rnd, i):
        name = f"#{2284+i}" if dup_focus else f"#{rnd.randint(1000,4800)}"
        f, l = rnd.choice(FIRST), rnd.choice(LAST)
        fin = rnd.choice(["paid", "paid", "paid", "partially_refunded", "refunded", "pending"])
        ful = rnd.choice(["fulfilled", "fulfilled", "", "partial", "unfulfilled"]) if not dup_focus else rnd.choice(["", "fulfilled"])
        tot = rnd.choice(["129.00", "89.50", "249.00", "59.00", "312.40", "459.00"])
        return [f"{name},{f.lower()}@{rnd.choice(DOMAINS)},{fin},2026-11-{rnd.randint(20,30)} {rnd.randint(0,23):02d}:{rnd.randint(0,59):02d}:11 +0100,{ful},EUR,{tot},0.00,{tot},"
                f"{rnd.choice(['','','WINTER15','VIP10'])},2026-11-{rnd.randint(20,30)} {rnd.randint(0,23):02d}:{rnd.randint(0,59):02d}:02 +0100,{rnd.choice(items)},{rnd.randint(1,3)},"
                f"{f} {l},{rnd.choice(['Berlin','Lisbon','Osaka','Dubai','Hangzhou','Oslo'])},{rnd.choice(['Stripe','Stripe','Shop Pay','PayPal'])},"
                f"pi_{rid(rnd,14,'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')},{rnd.choice(['Low','Low','Medium','High'])},{rnd.choice(['','zendesk-escalated','dup-charge?','vip'])}"]
    return fill(block, target, rnd, head)


def csv_zendesk_tickets(target, seed=18):
    rnd = random.Random(seed)
    head = ["Id,Subject,Status,Priority,Requester,Requester email,Group,Assignee,Created at,Updated at,Tags,Satisfaction,Channel"]
    subjects = ["Order never arrived", "Charged twice for the same order", "Can't log in after 2FA reset", "Wrong size delivered", "Refund not received after 10 days",
                "Discount code WINTER15 not working", "App crashes on checkout (iOS)", "Change shipping address", "Invoice needs VAT number", "Account deletion request (GDPR)"]
    def block(rnd, i):
        f, l = rnd.choice(FIRST), rnd.choice(LAST)
        return [f"{rnd.randint(88000,96500)},\"{rnd.choice(subjects)}\",{rnd.choice(['open','pending','solved','closed','hold'])},{rnd.choice(['low','normal','normal','high','urgent'])},"
                f"{f} {l},{f.lower()}.{l.lower()}@{rnd.choice(DOMAINS)},{rnd.choice(['Tier 1','Tier 2','Billing','Logistics'])},{rnd.choice(['Xiao Zhou','Marco Santos','Keiko Ito','-'])},"
                f"2026-11-{rnd.randint(1,30):02d} {rnd.randint(0,23):02d}:{rnd.randint(0,59):02d},2026-12-01 {rnd.randint(0,9):02d}:{rnd.randint(0,59):02d},"
                f"\"{' '.join(rnd.sample(['refund','shopify','dup_charge','ios','sentry_linked','vip','shipping','sla_breach'], 2))}\",{rnd.choice(['good','bad','offered','unoffered'])},{rnd.choice(['email','web','chat','api'])}"]
    return fill(block, target, rnd, head)


def csv_hubspot_contacts(target, seed=19, special_email="rafael.costa@brisa-surf.example"):
    rnd = random.Random(seed)
    head = ["Record ID,First Name,Last Name,Email,Phone Number,Company Name,Lifecycle Stage,Lead Status,Contact owner,Last Activity Date,Create Date,Original Source,Shopify Store,Zendesk Tickets (open)"]
    def block(rnd, i):
        f, l = rnd.choice(FIRST), rnd.choice(LAST)
        email = special_email if i == 17 else f"{f.lower()}.{l.lower()}@{rnd.choice(DOMAINS)}"
        if i == 17:
            f, l = "Rafael", "Costa"
        return [f"{rnd.randint(10**10, 9*10**10)},{f},{l},{email},+{rnd.randint(1,99)} {rnd.randint(100,999)} {rnd.randint(1000000,9999999)},{rnd.choice(['Brisa Surf Co','Kestrel Freight','Mapletrail Outfitters','Dunefield Trading','Helio Dental','Nordvik Foods'])},"
                f"{rnd.choice(['lead','marketingqualifiedlead','salesqualifiedlead','opportunity'])},{rnd.choice(['NEW','OPEN','IN_PROGRESS','CONNECTED','ATTEMPTED_TO_CONTACT'])},"
                f"{rnd.choice(['Leah Kim','Jonas Becker','Priya Raman','unassigned'])},2026-11-{rnd.randint(1,30):02d},2026-{rnd.randint(1,11):02d}-{rnd.randint(1,28):02d},"
                f"{rnd.choice(['ORGANIC_SEARCH','PAID_SOCIAL','REFERRALS','OFFLINE','DIRECT_TRAFFIC'])},{rnd.choice(['','brisa-surf.myshopify.com','mapletrail.myshopify.com'])},{rnd.randint(0,4)}"]
    return fill(block, target, rnd, head)


def csv_sales_export(target, seed=20):
    rnd = random.Random(seed)
    head = ["date,store,channel,sessions,orders,conversion_rate,gmv_usd,refunds_usd,avg_order_value,new_customers,returning_customers,zendesk_tickets,csat_good_pct"]
    d0 = dt.date(2026, 9, 1)
    def block(rnd, i):
        d = d0 + dt.timedelta(days=i // 3)
        store = ["lumen-eu", "lumen-apac", "lumen-me"][i % 3]
        s = rnd.randint(8000, 60000)
        o = int(s * rnd.uniform(0.012, 0.034))
        gmv = o * rnd.uniform(60, 140)
        return [f"{d},{store},{rnd.choice(['online_store','shop_app','instagram'])},{s},{o},{o/s:.4f},{gmv:.2f},{gmv*rnd.uniform(0.01,0.09):.2f},{gmv/o:.2f},{int(o*rnd.uniform(0.3,0.6))},{int(o*rnd.uniform(0.4,0.7))},{rnd.randint(10,140)},{rnd.uniform(0.71,0.94):.2f}"]
    return fill(block, target, rnd, head)


# ----------------------------------------------------------------- Go panic, Java, Node
def go_panic(target, seed=21):
    rnd = random.Random(seed)
    head = ["panic: runtime error: invalid memory address or nil pointer dereference",
            "[signal SIGSEGV: segmentation violation code=0x1 addr=0x48 pc=0x1a2b3c4]", "",
            "goroutine 18734 [running]:",
            "gitlab.lumenworks.io/platform/api/services/refunds.(*Handler).Create(0xc000a1e000, {0x2c1e5a8, 0xc0043b2f00}, 0xc0021d8780)",
            "\t/builds/platform/api/services/refunds/handler.go:112 +0x1e4",
            "gitlab.lumenworks.io/platform/api/internal/httpx.Wrap.func1({0x2c1a3d0, 0xc00189a2a0}, 0xc0021d8780)",
            "\t/builds/platform/api/internal/httpx/wrap.go:41 +0x9a",
            "net/http.HandlerFunc.ServeHTTP(0xc0011e0a80?, {0x2c1a3d0?, 0xc00189a2a0?}, 0xc00125e3b0?)",
            "\t/usr/local/go/src/net/http/server.go:2220 +0x29", ""]
    def block(rnd, i):
        gid = rnd.randint(100, 30000)
        state = rnd.choice(["IO wait", "select", "chan receive", "semacquire", "sync.Cond.Wait", "sleep"])
        fn = rnd.choice([("internal/poll.runtime_pollWait", "/usr/local/go/src/runtime/netpoll.go:351"),
                         ("github.com/jackc/pgx/v5/pgconn.(*PgConn).peekMessage", "/go/pkg/mod/github.com/jackc/pgx/v5@v5.7.1/pgconn/pgconn.go:542"),
                         ("github.com/redis/go-redis/v9/internal/pool.(*ConnPool).waitTurn", "/go/pkg/mod/github.com/redis/go-redis/v9@v9.6.1/internal/pool/pool.go:328"),
                         ("github.com/stripe/stripe-go/v79.(*BackendImplementation).Do", "/go/pkg/mod/github.com/stripe/stripe-go/v79@v79.12.0/stripe.go:479"),
                         ("cloud.google.com/go/bigquery.(*Inserter).Put", "/go/pkg/mod/cloud.google.com/go/bigquery@v1.63.0/inserter.go:152"),
                         ("go.opentelemetry.io/otel/sdk/trace.(*batchSpanProcessor).processQueue", "/go/pkg/mod/go.opentelemetry.io/otel/sdk@v1.31.0/trace/batch_span_processor.go:293")])
        return [f"goroutine {gid} [{state}, {rnd.randint(1,90)} minutes]:", f"{fn[0]}(0x{hexid(rnd,10)}, 0x{rnd.randint(10,99)})", f"\t{fn[1]} +0x{hexid(rnd,3)}",
                "created by net/http.(*Server).Serve in goroutine 1", "\t/usr/local/go/src/net/http/server.go:3360 +0x485", ""]
    return fill(block, target, rnd, head, ["exit status 2"])


def java_stack(target, seed=22):
    rnd = random.Random(seed)
    ts = ts_iter(dt.datetime(2026, 12, 1, 20, 5, 0), rnd, 0.1, 20)
    def block(rnd, i):
        t = next(ts)
        oid = rnd.randint(100000, 999999)
        return [f"{t:%Y-%m-%d %H:%M:%S.%f}"[:-3] + f" ERROR [order-service,{hexid(rnd,16)},{hexid(rnd,16)}] 1 --- [nio-8080-exec-{rnd.randint(1,200)}] c.l.order.api.OrderController : 订单提交失败 orderDraft={oid}",
                "org.springframework.dao.DataAccessResourceFailureException: Unable to acquire JDBC Connection; nested exception is org.hibernate.exception.JDBCConnectionException: Unable to acquire JDBC Connection",
                "\tat org.springframework.orm.jpa.vendor.HibernateJpaDialect.convertHibernateAccessException(HibernateJpaDialect.java:277)",
                "\tat org.springframework.orm.jpa.JpaTransactionManager.doBegin(JpaTransactionManager.java:466)",
                "\tat com.lumenworks.order.service.OrderService.submit(OrderService.java:184)",
                "\tat com.lumenworks.order.api.OrderController.submit(OrderController.java:73)",
                "\tat java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:103)",
                "\tat org.springframework.web.servlet.FrameworkServlet.service(FrameworkServlet.java:885)",
                "Caused by: java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, request timed out after 30004ms (total=50, active=50, idle=0, waiting=" + str(rnd.randint(20, 240)) + ")",
                "\tat com.zaxxer.hikari.pool.HikariPool.createTimeoutException(HikariPool.java:686)",
                "\tat com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:179)",
                "\tat com.zaxxer.hikari.HikariDataSource.getConnection(HikariDataSource.java:100)",
                "\t... 87 common frames omitted",
                f"{t:%Y-%m-%d %H:%M:%S.%f}"[:-3] + f"  WARN [order-service,,] 1 --- [   scheduling-1] c.l.order.sync.ShopifySync : shopify webhook backlog={rnd.randint(100,3000)} (orders/create), kafka lag={rnd.randint(1000,90000)}"]
    return fill(block, target, rnd)


def node_hubspot(target, seed=23):
    rnd = random.Random(seed)
    ts = ts_iter(dt.datetime(2026, 12, 1, 6, 0, 0), rnd, 0.2, 12)
    def block(rnd, i):
        t = next(ts)
        return [f"{t.isoformat()}Z crm-sync[{rnd.randint(1,9)}]: HubSpotRateLimitError: 429 Too Many Requests - You have reached your secondly limit. (policy TEN_SECONDLY_ROLLING, correlationId {hexid(rnd,8)}-{hexid(rnd,4)}-{hexid(rnd,4)}-{hexid(rnd,12)})",
                "    at HubSpotClient.request (/srv/crm-sync/dist/hubspot/client.js:88:15)",
                "    at async upsertDeals (/srv/crm-sync/dist/jobs/deals.js:41:7)",
                "    at async Promise.allSettled (index 3)",
                "    at async runJob (/srv/crm-sync/dist/runner.js:22:5)",
                f"{t.isoformat()}Z crm-sync[{rnd.randint(1,9)}]: [sentry] captured event {hexid(rnd,32)} (integrations, release crm-sync@2.4.{rnd.randint(0,9)})",
                f"{t.isoformat()}Z crm-sync[{rnd.randint(1,9)}]: shopify customer {rnd.randint(6*10**12, 7*10**12)} -> hubspot contact skipped (rate limited), retry in {rnd.randint(1,30)}s"]
    return fill(block, target, rnd)


# ----------------------------------------------------------------- kubectl outputs
def kubectl_get_pods(target, seed=24, ns="shop-prod", crasher="checkout-api-7d9f8b6c4d-x2kqp"):
    rnd = random.Random(seed)
    head = [f"$ kubectl -n {ns} get pods -o wide", "NAME                                   READY   STATUS             RESTARTS        AGE    IP             NODE"]
    apps = ["checkout-api", "cart-service", "order-service", "search-api", "notifications", "redis-master", "pgbouncer"]
    def block(rnd, i):
        if i == 4:
            return [f"{crasher:<38} 0/1     CrashLoopBackOff   17 (2m11s ago)  71m    10.4.{rnd.randint(0,60)}.{rnd.randint(2,250):<5} ip-10-4-17-220.ec2.internal"]
        app = rnd.choice(apps)
        return [f"{app + '-' + rid(rnd,10) + '-' + rid(rnd):<38} 1/1     Running            {rnd.randint(0,2):<15} {rnd.randint(1,30)}d    10.4.{rnd.randint(0,60)}.{rnd.randint(2,250):<5} ip-10-4-{rnd.randint(10,40)}-{rnd.randint(10,250)}.ec2.internal"]
    return fill(block, target, rnd, head)


def kubectl_describe_pod(target, seed=25, name="checkout-api-7d9f8b6c4d-x2kqp", ns="shop-prod"):
    rnd = random.Random(seed)
    head = f"""Name:             {name}
Namespace:        {ns}
Priority:         0
Service Account:  checkout-api
Node:             ip-10-4-17-220.ec2.internal/10.4.17.220
Start Time:       Mon, 01 Dec 2026 09:02:44 +0800
Labels:           app.kubernetes.io/name=checkout-api
                  pod-template-hash=7d9f8b6c4d
Status:           Running
Controlled By:    ReplicaSet/checkout-api-7d9f8b6c4d
Containers:
  app:
    Image:          registry.gitlab.lumenworks.io/shop/checkout-api:5.2.1-9c1e77ab
    Port:           8080/TCP
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
      Started:      Mon, 01 Dec 2026 10:11:02 +0800
      Finished:     Mon, 01 Dec 2026 10:11:09 +0800
    Ready:          False
    Restart Count:  17
    Limits:
      cpu:     1
      memory:  1Gi
    Requests:
      cpu:      250m
      memory:   512Mi
    Environment:
      SHOPIFY_API_VERSION:  2026-10
      STRIPE_SECRET_KEY:    <set to the key 'stripe' in secret 'checkout-secrets'>  Optional: false
      DATABASE_URL:         <set to the key 'url' in secret 'checkout-db'>  Optional: false
      SENTRY_DSN:           <set to the key 'dsn' in secret 'sentry'>  Optional: false
Conditions:
  Type              Status
  Initialized       True
  Ready             False
  ContainersReady   False
  PodScheduled      True
Events:
  Type     Reason     Age                   From     Message
  ----     ------     ----                  ----     -------""".split("\n")
    def block(rnd, i):
        return [rnd.choice([
            f"  Warning  BackOff    {rnd.randint(1,59)}s (x{rnd.randint(2,300)} over 71m)  kubelet  Back-off restarting failed container app in pod {name}_{ns}({hexid(rnd,8)}-{hexid(rnd,4)})",
            f"  Normal   Pulled     {rnd.randint(1,59)}m (x{rnd.randint(2,18)} over 71m)   kubelet  Container image \"registry.gitlab.lumenworks.io/shop/checkout-api:5.2.1-9c1e77ab\" already present on machine",
            f"  Warning  Unhealthy  {rnd.randint(1,59)}m                 kubelet  Readiness probe failed: Get \"http://10.4.22.137:8080/healthz/ready\": dial tcp 10.4.22.137:8080: connect: connection refused",
            f"  Normal   Created    {rnd.randint(1,59)}m (x{rnd.randint(2,18)} over 71m)   kubelet  Created container app",
        ])]
    return fill(block, target, rnd, head)


def kubectl_nodes(target, seed=26, special="ip-10-4-33-18.ec2.internal"):
    rnd = random.Random(seed)
    head = ["$ kubectl get nodes -L node.kubernetes.io/instance-type,topology.kubernetes.io/zone",
            "NAME                           STATUS                     ROLES    AGE    VERSION               INSTANCE-TYPE   ZONE"]
    def block(rnd, i):
        if i == 3:
            return [f"{special:<30} Ready                      <none>   212d   v1.31.2-eks-7f9249a   m6i.2xlarge     ap-southeast-1b"]
        return [f"ip-10-4-{rnd.randint(10,60)}-{rnd.randint(10,250)}.ec2.internal{'':<3} {rnd.choice(['Ready','Ready','Ready','Ready,SchedulingDisabled','NotReady']):<26} <none>   {rnd.randint(3,300)}d    v1.31.2-eks-7f9249a   {rnd.choice(['m6i.2xlarge','m6i.4xlarge','r6i.2xlarge','c6i.4xlarge'])}     ap-southeast-1{rnd.choice('abc')}"]
    return fill(block, target, rnd, head)


def kubectl_describe_node(target, seed=27, name="ip-10-4-33-18.ec2.internal"):
    rnd = random.Random(seed)
    head = f"""$ kubectl describe node {name}
Name:               {name}
Roles:              <none>
Labels:             node.kubernetes.io/instance-type=m6i.2xlarge
                    topology.kubernetes.io/zone=ap-southeast-1b
                    eks.amazonaws.com/nodegroup=general-2026-06
Taints:             <none>
Unschedulable:      false
Conditions:
  Type             Status  LastHeartbeatTime                 Reason                       Message
  ----             ------  -----------------                 ------                       -------
  MemoryPressure   False   Mon, 01 Dec 2026 11:02:10 +0800   KubeletHasSufficientMemory   kubelet has sufficient memory available
  DiskPressure     True    Mon, 01 Dec 2026 11:02:10 +0800   KubeletHasDiskPressure       kubelet has disk pressure
  PIDPressure      False   Mon, 01 Dec 2026 11:02:10 +0800   KubeletHasSufficientPID      kubelet has sufficient PID available
  Ready            True    Mon, 01 Dec 2026 11:02:10 +0800   KubeletReady                 kubelet is posting ready status
Allocatable:
  cpu:                7910m
  ephemeral-storage:  95551679124
  memory:             31482164Ki
  pods:               58
Non-terminated Pods:          (31 in total)
  Namespace    Name                                      CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------    ----                                      ------------  ----------  ---------------  -------------  ---""".split("\n")
    def block(rnd, i):
        if i < 31:
            ns = rnd.choice(["ingest", "pay", "shop-prod", "data", "monitoring", "kube-system"])
            app = rnd.choice(["ingest-worker", "payments-api", "checkout-api", "bq-exporter", "search-indexer", "node-exporter", "fluent-bit", "aws-node"])
            return [f"  {ns:<12} {app + '-' + rid(rnd,9) + '-' + rid(rnd):<41} {rnd.choice(['100m','250m','500m','1'])} ({rnd.randint(1,12)}%)   {rnd.choice(['1','2','0'])} ({rnd.randint(0,25)}%)    {rnd.choice(['256Mi','512Mi','1Gi','2Gi'])} ({rnd.randint(1,9)}%)      {rnd.choice(['512Mi','1Gi','2Gi','4Gi'])} ({rnd.randint(1,14)}%)     {rnd.randint(1,40)}d"]
        return [f"  Warning  EvictionThresholdMet  {rnd.randint(1,59)}m  kubelet  Attempting to reclaim ephemeral-storage",
                f"  Warning  FreeDiskSpaceFailed   {rnd.randint(1,59)}m  kubelet  Failed to garbage collect required amount of images. Attempted to free {rnd.randint(2,9)}GB, but only found 0 bytes eligible to free.",
                f"  Normal   NodeHasDiskPressure   {rnd.randint(1,59)}m  kubelet  Node {name} status is now: NodeHasDiskPressure"]
    return fill(block, target, rnd, head)


def kubectl_events(target, seed=28, ns="pay"):
    rnd = random.Random(seed)
    head = [f"$ kubectl -n {ns} get events --sort-by=.lastTimestamp", "LAST SEEN   TYPE      REASON              OBJECT                                   MESSAGE"]
    def block(rnd, i):
        obj = rnd.choice(["pod/payments-api-6c7f9d-" + rid(rnd), "pod/refund-worker-5b8c7-" + rid(rnd), "deployment/payments-api", "horizontalpodautoscaler/payments-api", "pod/ledger-sync-0"])
        r = rnd.choice([("Warning", "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503"),
                        ("Warning", "BackOff", "Back-off restarting failed container"),
                        ("Normal", "SuccessfulRescale", f"New size: {rnd.randint(4,24)}; reason: cpu resource utilization (percentage of request) above target"),
                        ("Warning", "FailedGetResourceMetric", "failed to get cpu utilization: unable to get metrics for resource cpu: no metrics returned from resource metrics API"),
                        ("Warning", "OOMKilling", "Memory cgroup out of memory: Killed process (java) total-vm:4.1GB"),
                        ("Normal", "Pulled", "Container image \"registry.gitlab.lumenworks.io/platform/payments-api:2.14.0\" already present on machine")])
        return [f"{rnd.randint(1,59)}m{'':<8} {r[0]:<9} {r[1]:<19} {obj:<40} {r[2]}"]
    return fill(block, target, rnd, head)


def pod_logs_pg_redis(target, seed=29):
    rnd = random.Random(seed)
    ts = ts_iter(dt.datetime(2026, 12, 1, 11, 20, 0), rnd, 0.01, 2)
    def block(rnd, i):
        t = next(ts)
        return [rnd.choice([
            f"{t.isoformat()}Z ERROR payments-api db: pq: remaining connection slots are reserved for non-replication superuser connections (host=pg-payments-primary.pay.svc:5432)",
            f"{t.isoformat()}Z ERROR payments-api cache: dial tcp 10.4.9.31:6379: i/o timeout (redis-master.pay.svc)",
            f"{t.isoformat()}Z WARN  payments-api pgbouncer: client_login_timeout (server down?) pool=payments user=payments_rw",
            f"{t.isoformat()}Z ERROR payments-api refund {rnd.randint(10**5,10**6)} failed: context deadline exceeded (stripe POST /v1/refunds)",
            f"{t.isoformat()}Z INFO  payments-api GET /healthz/ready 503 {rnd.randint(1,900)}ms",
            f"{t.isoformat()}Z ERROR payments-api redis: connection pool exhausted (size=64, waiting={rnd.randint(5,400)})",
            f"{t.isoformat()}Z WARN  payments-api bigquery streaming insert to marts.payment_events deferred ({rnd.randint(1,900)} rows buffered)",
        ])]
    return fill(block, target, rnd)


def ci_job_log(target, seed=30):
    rnd = random.Random(seed)
    head = ["Running with gitlab-runner 17.5.2 (a1b2c3d4)", "  on k8s-runner-platform-3 Xy7_ab12, system ID: r_9f8e7d6c5b4a",
            "Preparing the \"kubernetes\" executor", "Using Kubernetes namespace: gitlab-runners", "Using Kubernetes executor with image registry.gitlab.lumenworks.io/platform/ci-helm:3.16 ...",
            "$ helm dependency build charts/payments-api", "$ helm upgrade --install payments-api-review-mr719 charts/payments-api -n review-mr719 --create-namespace --wait --timeout 5m",
            "Release \"payments-api-review-mr719\" does not exist. Installing it now."]
    def block(rnd, i):
        return [rnd.choice([
            f"[{i:04d}] client.go:{rnd.randint(100,900)}: [debug] Looking for resources in namespace review-mr719",
            f"[{i:04d}] wait.go:{rnd.randint(40,120)}: [debug] Deployment is not ready: review-mr719/payments-api. {rnd.randint(0,2)} out of 3 expected pods are ready",
            f"[{i:04d}] wait.go:{rnd.randint(40,120)}: [debug] Pod payments-api-test-connection: phase Pending (Unschedulable: 0/14 nodes are available: insufficient memory)",
            f"[{i:04d}] helm test payments-api-review-mr719 --logs: POD payments-api-smoke: curl: (7) Failed to connect to payments-api port 80: Connection refused",
            f"[{i:04d}] sentry-cli releases new payments-api@2.14.0-rc.{rnd.randint(1,9)} ... ok",
            f"[{i:04d}] bq query --dry_run 'SELECT 1 FROM marts.payment_events LIMIT 1' ... ok",
        ])]
    tail = ["Error: INSTALLATION FAILED: context deadline exceeded", "Cleaning up project directory and file based variables",
            "ERROR: Job failed: command terminated with exit code 1"]
    return fill(block, target, rnd, head, tail)


def kubectl_short():
    return """$ kubectl -n data get pvc
NAME                       STATUS    VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   AGE
data-search-indexer-0      Bound     pvc-3f9c2a1e-7b44-4c2e-9a51-0d8e6c1b2a77   200Gi      RWO            gp3            212d
data-search-indexer-1      Bound     pvc-8a1d77c0-2e19-4f3b-b6a2-5c4e9d0f1e33   200Gi      RWO            gp3            212d
data-search-indexer-2      Pending                                                                        gp3            4m
bq-exporter-scratch        Lost      pvc-11aa22bb-33cc-44dd-55ee-66ff77001122   50Gi       RWO            gp3            90d"""


# ----------------------------------------------------------------- Markdown docs
def md_campaign_report(target, seed=31):
    rnd = random.Random(seed)
    head = ["# 12 月大促复盘（草稿）", "", "> 数据来源：Shopify 订单导出、BigQuery marts.shopify_orders、Zendesk 工单统计；口径：含税 GMV，剔除测试单。", "",
            "## 一、整体表现", "", "| 指标 | 目标 | 实际 | 达成率 |", "|---|---|---|---|",
            "| GMV（万元） | 1,200 | 1,318 | 109.8% |", "| 订单数 | 52,000 | 55,410 | 106.6% |", "| 客单价（元） | 230 | 237.9 | 103.4% |", "| 退款率 | ≤3.5% | 4.1% | 未达成 |", "",
            "## 二、分渠道", "", "| 日期 | 渠道 | 访客 | 订单 | 转化率 | GMV（元） | 退款（元） | 工单数 |", "|---|---|---|---|---|---|---|---|"]
    def block(rnd, i):
        v = rnd.randint(20000, 90000)
        o = int(v * rnd.uniform(0.015, 0.04))
        g = o * rnd.uniform(180, 290)
        return [f"| 12-{(i//3)+1:02d} | {['官网','小程序','Shop App'][i%3]} | {v:,} | {o:,} | {o/v:.2%} | {g:,.0f} | {g*rnd.uniform(0.02,0.06):,.0f} | {rnd.randint(20,260)} |"]
    tail = ["", "## 三、问题与改进", "", "1. 12-03 晚高峰 payments-api 扩容不及时，HPA 上限 12 个副本太低，Sentry 上 API-7DC 报错 3,400 次；已在 GitLab !733 调整。",
            "2. 重复扣款 212 单，Zendesk 相关工单 390 个，客服平均首响 6.2 小时，超 SLA。", "3. WINTER15 优惠码被薅，单用户使用上限没设，损失约 4.2 万元。",
            "4. BigQuery 实时看板延迟 40 分钟，原因是 streaming insert 配额打满。", "", "## 四、下次大促 Action", "",
            "- [ ] 压测前置到大促前两周（负责人：王磊）", "- [ ] 优惠码默认 once_per_customer（负责人：周婷）", "- [ ] 客服排班增加 30%（负责人：何佳）"]
    return fill(block, target, rnd, head, tail)


def md_incident_timeline(target, seed=32):
    rnd = random.Random(seed)
    head = ["## Incident 2026-12-01: checkout 5xx (SEV-2)", "", "**Impact:** ~18% of checkout attempts failed for 47 minutes (EU + APAC). 1,912 Shopify orders delayed; 86 Zendesk tickets.", "",
            "### Timeline (UTC+8)", ""]
    events = ["PagerDuty alert: checkout-api 5xx > 5% (Sentry alert rule 'checkout error spike' fired 1 min earlier)",
              "Oncall (Ravi) acks; sees CrashLoopBackOff on checkout-api in shop-prod",
              "kubectl -n shop-prod get pods → 4/12 pods CrashLoopBackOff, all on ip-10-4-17-220",
              "Previous container logs: `FATAL: could not read SHOPIFY_API_VERSION 2026-10 — unsupported`",
              "Decision to roll back checkout-api to revision 41",
              "kubectl rollout undo deployment/checkout-api -n shop-prod --to-revision=41",
              "5xx rate back under 0.5%", "Support posts macro 'Checkout outage – apology' on 86 tickets",
              "BigQuery marts refresh re-run to include delayed orders", "All clear posted in Feishu #sre-oncall"]
    i = [0]
    def block(rnd, k):
        e = events[k % len(events)]
        t = f"{10 + (k*4)//60:02d}:{(k*4) % 60:02d}"
        out = [f"- **{t}** — {e}"]
        if k % 3 == 2:
            out += ["", "```", "$ kubectl -n shop-prod get pods -l app.kubernetes.io/name=checkout-api",
                    "NAME                            READY   STATUS             RESTARTS      AGE",
                    f"checkout-api-7d9f8b6c4d-{rid(rnd)}   0/1     CrashLoopBackOff   {rnd.randint(3,17)} (1m ago)   {rnd.randint(10,70)}m",
                    f"checkout-api-7d9f8b6c4d-{rid(rnd)}   1/1     Running            0             {rnd.randint(10,70)}m", "```", ""]
        return out
    tail = ["", "### Root cause", "The 5.2.1 image bumped SHOPIFY_API_VERSION to 2026-10 but the shared config still pinned the client to 2026-07. Canary didn't catch it because the canary node pool was drained.",
            "", "### Follow-ups", "- Linear: add config validation to the checkout-api startup (PLAT)", "- Add a Sentry release-health gate to the deploy pipeline"]
    return fill(block, target, rnd, head, tail)


def md_meeting_notes(target, seed=33):
    rnd = random.Random(seed)
    head = ["# 产品周会 2026-12-01", "", "参会：王磊、李娜、陈思远、周婷、Kevin Zhou、何佳", "", "## 议题"]
    items = ["东南亚支付接入进度：Xendit 沙箱已打通，GitLab 分支 feat/sea-payments 待 review", "退款 v2 灰度数据：重复扣款自动退款 212 单，Zendesk 相关工单下降 38%",
             "注册页埋点问题：BigQuery 中 signup_submit 从 11-28 开始缺失，MR !688 引入", "大促复盘：HPA 上限、优惠码风控、客服排班",
             "HubSpot 与 Shopify 客户同步 429 限流，需要排队重试", "Q1 路线图范围冻结时间定在 12 月 15 日"]
    def block(rnd, i):
        if i >= len(items):
            if i == len(items):
                return ["## 补充讨论（会后群里）"]
            return [f"- {rnd.choice(PEOPLE)}：" + rnd.choice(CHAT_TEMPLATES).format(p=rnd.choice(PEOPLE), x=rnd.choice(CHAT_NOUNS['release'] + CHAT_NOUNS['growth']))]
        it = items[i % len(items)]
        return [f"### {i+1}. {it.split('：')[0]}", f"- 背景：{it}", f"- 讨论：{rnd.choice(['大家同意先做灰度', '需要数据组配合补数', '风险可控，按计划推进', '需要找法务确认', '预算待 CFO 审批'])}",
                f"- 结论：{rnd.choice(['本周内完成', '下周一前给方案', '暂缓，等 Q1', '由李娜牵头'])}", ""]
    tail = ["## 本周定下的三件事", "1. 12 月 15 日冻结 Q1 路线图范围（负责人：李娜）", "2. 退款 v2 全量（负责人：王磊，12-09 发布窗口）", "3. 埋点修复 + 补数（负责人：陈思远，12-05 前）"]
    return fill(block, target, rnd, head, tail)


def md_table_owners(target, seed=34):
    rnd = random.Random(seed)
    head = ["| 事项 | 负责人 | 截止 | 依赖系统 | 状态 |", "|---|---|---|---|---|"]
    def block(rnd, i):
        return [f"| {rnd.choice(['Q1 路线图冻结','退款 v2 全量','埋点修复','补数 SQL','Xendit 联调','客服排班','优惠码风控'])} | {rnd.choice(PEOPLE)} | 12-{rnd.randint(2,20):02d} | {rnd.choice(['GitLab','BigQuery','Shopify','Zendesk','Kubernetes','HubSpot'])} | {rnd.choice(['进行中','未开始','已完成','阻塞'])} |"]
    return fill(block, target, rnd, head)


def md_prd(target, seed=35):
    rnd = random.Random(seed)
    head = ["# PRD: Self-serve refunds in the customer portal (v0.3)", "", "**Owner:** Leah Kim · **Eng:** PLAT + WEB · **Status:** draft", "",
            "## Problem", "Today every refund request goes through a Zendesk ticket. 38% of Tier 1 volume in November was refund-related, median time to refund was 31 hours, and duplicate charges (see Sentry API-7DC) made it worse.", "",
            "## Goals", "- Customers can request a refund for eligible Shopify orders from the portal without contacting support.", "- Refunds under EUR 150 are auto-approved; above that, a Feishu approval is created for the finance team.",
            "- Every refund is written to BigQuery `marts.stripe_refunds` within 5 minutes.", "", "## Non-goals", "- Exchanges, store credit.", "- Changing the HubSpot lifecycle of the customer.", "", "## Requirements"]
    reqs = ["Eligibility: order paid, within 30 days, not already fully refunded, not tagged `fraud-review`.",
            "The portal shows refundable line items and shipping separately.", "Duplicate-charge detection runs before showing the form; if a duplicate is found, refund it automatically.",
            "A Zendesk ticket is still created (status solved) for audit, tagged `self-serve-refund`.", "Rate-limit: max 3 refund requests per customer per 24 h.",
            "Emails are sent via the existing Shopify notification templates.", "Metrics: refund request → refunded p50 < 10 min; CSAT on refund tickets ≥ 85% good.",
            "Kill switch: feature flag REFUND_SELF_SERVE in the payments-api ConfigMap."]
    def block(rnd, i):
        return [f"{i+1}. {reqs[i % len(reqs)]}" + ("" if i < len(reqs) else f" (variant {i // len(reqs)})")]
    tail = ["", "## Open questions", "- Do we refund shipping by default when all items are refunded?", "- Which Linear team owns the portal UI — WEB or GROW?", "- Legal: do we need a separate consent text for EU customers?"]
    return fill(block, target, rnd, head, tail)


def zendesk_conversation(target, seed=36):
    rnd = random.Random(seed)
    head = ["Ticket #95510 — \"Subscription charged after cancellation\" — Priority: High — Requester: Hugo Lefevre", ""]
    turns = [("Hugo Lefevre (end-user)", "I cancelled my plan on Nov 12 and I was still charged EUR 49 on Dec 1. This is the second time. I want a refund and confirmation that nothing else will be charged."),
             ("Keiko Ito (agent)", "Hi Hugo, sorry about this. I can see the cancellation in our system. I'm checking with billing why the renewal still went through."),
             ("Keiko Ito (internal note)", "Stripe shows sub_ still active. Looks like the Shopify app subscription wasn't cancelled on the Stripe side — same pattern as the Sentry issue BILL-1Q8. Needs Tier 2 / billing eng."),
             ("Hugo Lefevre (end-user)", "Any update? I also got an email from your HubSpot newsletter saying 'welcome back', which is not funny."),
             ("Marco Santos (internal note)", "BigQuery shows 41 other customers with the same pattern since the 2026-11 release. Not a one-off."),
             ("Keiko Ito (agent)", "We've escalated this to our billing specialists. You'll hear from them within 24 hours.")]
    def block(rnd, i):
        who, txt = turns[i % len(turns)]
        return [f"[{who}] 2026-12-0{1 + i//3} {9 + i % 9}:{rnd.randint(10,59)}", txt, ""]
    return fill(block, target, rnd, head)


def approval_form():
    return """审批名称：固定资产采购
审批编号：7C1F2A9E-3B0D-4E51-A8F2-91D0C6E4B7A3
申请人：马骁（IT 部）
申请时间：2026-11-27 10:42
采购物品：MacBook Pro 14 英寸（M4 Pro / 24GB / 1TB）× 20
单价：¥19,900　　总金额：¥398,000
用途：2026 年 12 月新入职研发同学（支付组 8 人、数据组 6 人、增长组 6 人）
供应商：华东某授权经销商（报价单见 Google Drive：Procurement/2026/MBP-报价-1127.pdf）
期望到货：2026-12-08 前
审批流程：直属上级（刘洋）✅ 已同意 → 部门负责人（王磊）✅ 已同意 → 财务复核（何佳）⏳ 审批中 → CFO
附言：新人 12-08 入职，需提前装机并加入 GitLab / Feishu / Google Workspace 账号"""


def zh_short_log():
    return """2026-12-01 23:41:07 [飞书机器人] 发布通知：payments-api v2.14.0 已部署到 prod（GitLab pipeline #88213 成功）
2026-12-01 23:44:52 [飞书机器人] Sentry 告警：API-7DC 过去 5 分钟新增 312 个事件
2026-12-01 23:46:10 [飞书机器人] 审批「上线发布-payments-api-v2.14.0」状态变更：已通过
2026-12-01 23:52:33 [飞书机器人] Kubernetes：pay 命名空间 payments-api 副本 6/6 Ready，HPA 当前 9 个副本
2026-12-01 23:58:01 [飞书机器人] Zendesk：过去 1 小时新增「重复扣款」工单 27 个"""
