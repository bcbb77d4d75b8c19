# Generators for pasted material (all names/ids invented). Deterministic given the rng.
import json
import random

SKUS = [
    ("HB-TWS-PRO2-BLK", "TWS Earbuds Pro 2 Black", "蓝牙耳机Pro2 黑"),
    ("HB-TWS-PRO2-WHT", "TWS Earbuds Pro 2 White", "蓝牙耳机Pro2 白"),
    ("PB-10K-WHT", "Power Bank 10000mAh White", "充电宝10000mAh 白"),
    ("PB-20K-GRY", "Power Bank 20000mAh Grey", "充电宝20000mAh 灰"),
    ("CB-USB-C-2M", "USB-C Cable 2m", "USB-C数据线2米"),
    ("LT-DESK-LAMP-01", "LED Desk Lamp", "LED护眼台灯"),
    ("KT-GLASS-1.7L", "Glass Kettle 1.7L", "玻璃电水壶1.7L"),
    ("MK-ERGO-CHAIR-GRY", "Ergonomic Chair Grey", "人体工学椅 灰"),
    ("YG-MAT-6MM-PUR", "Yoga Mat 6mm Purple", "瑜伽垫6mm 紫"),
    ("MS-WL-SILENT-BLK", "Silent Wireless Mouse Black", "静音无线鼠标 黑"),
    ("KB-MECH-87-RED", "Mechanical Keyboard 87 Red Switch", "机械键盘87键 红轴"),
    ("TB-SONIC-HEAD-4P", "Sonic Toothbrush Heads 4pk", "电动牙刷刷头4支装"),
    ("CM-MUG-350-CRM", "Ceramic Mug 350ml Cream", "陶瓷马克杯350ml 奶白"),
    ("BL-PORT-600", "Portable Blender 600ml", "便携榨汁杯600ml"),
    ("HD-FLEECE-M-NAV", "Fleece Hoodie M Navy", "摇粒绒卫衣 M 藏青"),
    ("HD-FLEECE-L-NAV", "Fleece Hoodie L Navy", "摇粒绒卫衣 L 藏青"),
    ("JK-RAIN-42-BLK", "Rain Jacket EU42 Black", "防水冲锋衣42 黑"),
    ("JK-RAIN-42-WHT", "Rain Jacket EU42 White", "防水冲锋衣42 白"),
    ("CF-DRIP-MINI", "Mini Drip Coffee Maker", "迷你滴滤咖啡机"),
    ("PC-SILI-IP15-PNK", "Silicone Case iP15 Pink", "硅胶手机壳iP15 粉"),
    ("SL-PJ-CORAL-L", "Coral Fleece Pyjamas L", "珊瑚绒睡衣套装 L"),
    ("HM-HUMID-3L", "Ultrasonic Humidifier 3L", "超声波加湿器3L"),
    ("BG-TOTE-CNV", "Canvas Tote Bag", "帆布托特包"),
    ("WT-SMART-S3", "Smart Watch S3", "智能手表S3"),
]
WAREHOUSES = ["SZ01", "YW02", "LAX1", "NJ02", "DE-FRA", "NL-VNL", "UK-BHX"]
FIRST = ["Lena", "Marco", "Priya", "Tom", "Aiko", "Sofia", "Jonas", "Chloe", "Rafael", "Nadia",
         "Oskar", "Mei", "Daniel", "Ines", "Kofi", "Hana", "Lukas", "Emma", "Yusuf", "Clara"]
LAST = ["Brandt", "Okafor", "Lindqvist", "Moreau", "Kowalski", "Tanaka", "Reyes", "Novak",
        "Haddad", "Fischer", "Duarte", "Voss", "Petrov", "Marsh", "Ocampo", "Keller"]
CITIES = [("Berlin", "DE", "10115"), ("Lyon", "FR", "69003"), ("Milano", "IT", "20121"),
          ("Austin", "US", "73301"), ("Leeds", "GB", "LS1 4AP"), ("Madrid", "ES", "28013"),
          ("Rotterdam", "NL", "3011"), ("Seattle", "US", "98101"), ("Melbourne", "AU", "3000"),
          ("Toronto", "CA", "M5V 2T6")]
ZH_NAMES = ["王女士", "李先生", "陈小姐", "赵先生", "刘女士", "周先生", "孙小姐", "吴女士"]


def order_id(rng, day=None):
    day = day or rng.randint(15, 30)
    return f"SO202611{day:02d}{rng.randint(0, 11999):06d}"


def pi(rng):
    return "pi_3Q" + "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz0123456789") for _ in range(22))


def ts(rng, day=None, hour=None):
    day = day or rng.randint(18, 30)
    hour = rng.randint(0, 23) if hour is None else hour
    return f"2026-11-{day:02d}T{hour:02d}:{rng.randint(0,59):02d}:{rng.randint(0,59):02d}"


class Clock:
    """Monotonic clock for log lines: starts at day/hour, advances a random number of seconds."""

    def __init__(self, rng, day, hour, step=(1, 90)):
        self.rng, self.t, self.day, self.step = rng, hour * 3600, day, step

    def tick(self):
        self.t += self.rng.randint(*self.step)
        if self.t >= 86400:
            self.t -= 86400
            self.day += 1
        h, m, sec = self.t // 3600, self.t % 3600 // 60, self.t % 60
        return f"2026-11-{self.day:02d} {h:02d}:{m:02d}:{sec:02d}", self.day, h, m, sec


def fill(gen_one, target, sep="\n", header=""):
    out = [header] if header else []
    size = len(header)
    while size < target:
        piece = gen_one()
        out.append(piece)
        size += len(piece) + len(sep)
    return sep.join(out)


# ---------------------------------------------------------------- order JSON
def order_record(rng, oid=None, status=None, channel=None):
    oid = oid or order_id(rng)
    nlines = rng.randint(1, 4)
    lines = []
    sub = 0.0
    for i in range(nlines):
        sku, en, _ = rng.choice(SKUS)
        qty = rng.randint(1, 3)
        price = round(rng.uniform(6, 180), 2)
        sub += qty * price
        lines.append({"line_id": f"L{i+1}", "sku": sku, "title": en, "qty": qty,
                      "unit_price": price, "fulfil_status": rng.choice(["reserved", "allocated", "backordered", "shipped"])})
    city, cc, pc = rng.choice(CITIES)
    fn, ln = rng.choice(FIRST), rng.choice(LAST)
    ship = round(rng.choice([0, 0, 4.99, 7.5, 12.99]), 2)
    disc = round(rng.choice([0, 0, 0, sub * 0.1, 5, 15]), 2)
    tax = round((sub - disc) * rng.choice([0, 0.19, 0.2, 0.21, 0.0825]), 2)
    gw = rng.choice(["stripe", "paypal", "stripe", "adyen", "alipay_plus"])
    return {
        "order_id": oid,
        "created_at": ts(rng) + "Z",
        "channel": channel or rng.choice(["web", "app", "amazon", "shopee", "tiktok_shop"]),
        "status": status or rng.choice(["paid", "fulfilling", "partially_shipped", "shipped", "completed"]),
        "currency": {"US": "USD", "CA": "CAD", "AU": "AUD", "GB": "GBP"}.get(cc, "EUR"),
        "buyer": {"customer_id": f"C-{rng.randint(10000000, 99999999)}",
                  "email": f"{fn.lower()}.{ln.lower()}{rng.randint(1,99)}@mail-demo.example"},
        "shipping_address": {"name": f"{fn} {ln}", "city": city, "postal_code": pc, "country": cc},
        "lines": lines,
        "amounts": {"subtotal": round(sub, 2), "discount": disc, "shipping": ship, "tax": tax,
                    "total": round(sub - disc + ship + tax, 2)},
        "coupon_code": rng.choice([None, None, "WELCOME15", "BF2026-20OFF", "CYBER30"]),
        "payment": {"gateway": gw, "ref": pi(rng) if gw == "stripe" else f"{gw.upper()}-{rng.randint(10**9, 10**10-1)}",
                    "captured": True},
        "risk": {"score": rng.randint(1, 99), "provider": "riskguard-v3"},
    }


def order_export(rng, target, inject=None):
    orders = []
    if inject:
        orders.extend(inject)
    while len(json.dumps(orders, ensure_ascii=False, indent=2)) < target:
        orders.append(order_record(rng))
    rng.shuffle(orders)
    return json.dumps({"export_id": f"exp_{rng.randint(100000,999999)}", "generated_at": "2026-12-01T09:12:44Z",
                       "count": len(orders), "orders": orders}, ensure_ascii=False, indent=2)


# ---------------------------------------------------------------- stock CSV
def stock_csv(rng, target, zh=False, flag_col=True):
    if zh:
        header = "SKU,品名,仓库,账面库存,锁定,可用,在途,补货点,建议安全库存,日均销量,状态"
    else:
        header = "sku,title,warehouse,on_hand,reserved,available,in_transit,reorder_point,suggested_safety_stock,avg_daily_sales,flag"
    rows = [header]
    size = len(header)
    while size < target:
        sku, en, zhn = rng.choice(SKUS)
        wh = rng.choice(WAREHOUSES)
        oh = rng.randint(0, 4000)
        res = rng.randint(0, min(oh, 300))
        av = oh - res
        rp = rng.choice([50, 100, 200, 300, 500])
        ads = round(rng.uniform(0.5, 60), 1)
        sug = int(ads * rng.choice([14, 21, 30]))
        if zh:
            flag = "缺货" if av == 0 else ("低于补货点" if av < rp else "正常")
        else:
            flag = "OUT" if av == 0 else ("REORDER" if av < rp else ("OVERSTOCK" if av > 3000 else "OK"))
        row = f"{sku},{zhn if zh else en},{wh},{oh},{res},{av},{rng.randint(0,800)},{rp},{sug},{ads},{flag}"
        rows.append(row)
        size += len(row) + 1
    return "\n".join(rows)


def count_diff_csv(rng, target):
    header = "盘点单号,SKU,品名,仓库,库位,系统数量,实盘数量,差异,盘点人,备注"
    rows = [header]
    size = len(header)
    k = 1
    notes = ["", "", "外箱破损", "库位串货", "", "疑似未扣减出库", "找到上月遗失", "", "样品被借走"]
    while size < target:
        sku, _, zhn = rng.choice(SKUS)
        wh = rng.choice(["SZ01", "YW02"])
        sysq = rng.randint(20, 2500)
        act = sysq + rng.choice([0, 0, 0, -1, -2, -6, -12, 3, 5, -30])
        row = f"CC-2611-{k:04d},{sku},{zhn},{wh},{rng.choice('ABCDEF')}{rng.randint(1,24):02d}-{rng.randint(1,6)},{sysq},{act},{act-sysq},{rng.choice(['张伟','李娜','黄磊','何静'])},{rng.choice(notes)}"
        rows.append(row)
        size += len(row) + 1
        k += 1
    return "\n".join(rows)


# ---------------------------------------------------------------- tracking logs
EN_EVENTS = [
    ("Shipment information received", "Shenzhen, CN"),
    ("Picked up by carrier", "Shenzhen, CN"),
    ("Arrived at sorting center", "Shenzhen Hub, CN"),
    ("Departed from sorting center", "Shenzhen Hub, CN"),
    ("Handed over to airline", "HKG"),
    ("Flight departed", "HKG"),
    ("Arrived at destination airport", "LEJ"),
    ("Customs clearance started", "Leipzig, DE"),
    ("Held by customs - awaiting documents", "Leipzig, DE"),
    ("Customs clearance completed", "Leipzig, DE"),
    ("Handed over to last-mile carrier", "Leipzig, DE"),
    ("Out for delivery", "Berlin, DE"),
    ("Delivery attempt failed - recipient not available", "Berlin, DE"),
    ("Delivered - left at parcel locker", "Berlin, DE"),
    ("Returned to sender initiated", "Berlin, DE"),
]
ZH_EVENTS = [
    "【深圳市】顺丰速运 已收取快件",
    "【深圳市】快件已发车，下一站【深圳华南转运中心】",
    "【深圳市】快件到达【深圳华南转运中心】",
    "【深圳市】快件已从【深圳华南转运中心】发出，准备发往【上海浦东转运中心】",
    "【上海市】快件到达【上海浦东转运中心】",
    "【上海市】快件在【上海浦东转运中心】完成分拣，准备发往【上海闵行营业点】",
    "【上海市】快件交给派送员 刘师傅，正在派送途中（联系电话：138****5521）",
    "【上海市】快件派送不成功（收件人电话无人接听），待再次派送",
    "【上海市】快件已退回【上海闵行营业点】，原因：地址不详",
]


SCENARIOS = {
    "delivered": [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 13],
    "customs_hold": [0, 1, 2, 3, 4, 5, 6, 7, 8],
    "failed": [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 11, 12, 14],
    "stuck": [0, 1, 2, 3, 4, 5, 6],
}


def tracking_log_en(rng, target, numbers, scenario=None):
    out = []
    size = 0
    while size < target:
        tn = rng.choice(numbers)
        carrier = "DHL eCommerce" if tn.startswith("GM") else ("UPS" if tn.startswith("1Z") else ("YunExpress" if tn.startswith("YT") else "SF International"))
        sc = scenario or rng.choice(list(SCENARIOS))
        seq = SCENARIOS[sc]
        if sc in ("stuck", "delivered") and scenario is None:
            seq = seq[: rng.randint(3, len(seq))]
        block = [f"=== {carrier} | {tn} | polled {ts(rng, 30)}Z ==="]
        day = rng.randint(16, 20)
        hour = 6
        for j in seq:
            hour += rng.randint(1, 9)
            if hour > 23:
                hour -= 24
                day += 1
            ev, loc = EN_EVENTS[j]
            block.append(f"2026-11-{day:02d} {hour:02d}:{rng.randint(0,59):02d}  {loc:<22} {ev}")
        blk = "\n".join(block)
        out.append(blk)
        size += len(blk) + 2
    return "\n\n".join(out)


def tracking_log_zh(rng, n_events, tn):
    out = [f"运单号：{tn}  承运商：顺丰速运  服务：顺丰标快"]
    day, hour = 24, 9
    for ev in ZH_EVENTS[:n_events]:
        hour += rng.randint(1, 7)
        if hour > 23:
            hour -= 24
            day += 1
        out.append(f"2026-11-{day:02d} {hour:02d}:{rng.randint(0,59):02d}:{rng.randint(0,59):02d}  {ev}")
    return "\n".join(out)


# ---------------------------------------------------------------- stack traces
def java_trace(rng, target, kind):
    if kind == "inventory":
        svc = "inventory-svc"
        frames = [
            "com.shopdesk.inventory.reservation.ReservationService.reserve(ReservationService.java:214)",
            "com.shopdesk.inventory.reservation.ReservationService.reserveForPick(ReservationService.java:167)",
            "com.shopdesk.wms.pick.ScanHandler.onScan(ScanHandler.java:88)",
            "com.shopdesk.wms.pick.PickController.scan(PickController.java:53)",
            "org.springframework.transaction.interceptor.TransactionInterceptor.invoke(TransactionInterceptor.java:119)",
            "org.springframework.aop.framework.ReflectiveMethodInvocation.proceed(ReflectiveMethodInvocation.java:184)",
            "org.springframework.web.servlet.FrameworkServlet.service(FrameworkServlet.java:883)",
        ]
        msgs = [
            ("com.shopdesk.inventory.InventoryReservationException", "could not reserve sku={sku} wh={wh} qty={q}: available=-{neg}",
             "org.postgresql.util.PSQLException", "ERROR: deadlock detected\n  Detail: Process 41877 waits for ShareLock on transaction 99812231; blocked by process 41902."),
            ("org.springframework.dao.CannotAcquireLockException", "could not execute statement; SQL [update stock_ledger set reserved=reserved+? where sku=? and warehouse_id=?]",
             "com.zaxxer.hikari.pool.HikariPool$PoolInitializationException", "HikariPool-2 - Connection is not available, request timed out after 30000ms."),
        ]
    elif kind == "label":
        svc = "shipping-gateway"
        frames = [
            "com.shopdesk.shipping.carrier.SfExpressClient.createWaybill(SfExpressClient.java:301)",
            "com.shopdesk.shipping.LabelService.purchase(LabelService.java:142)",
            "com.shopdesk.shipping.LabelService.purchaseWithRetry(LabelService.java:119)",
            "com.shopdesk.fulfilment.ShipmentWorker.handle(ShipmentWorker.java:77)",
            "org.springframework.kafka.listener.KafkaMessageListenerContainer$ListenerConsumer.doInvokeRecordListener(KafkaMessageListenerContainer.java:2651)",
        ]
        msgs = [
            ("com.shopdesk.shipping.CarrierApiException", "SF Express returned errorCode=8016 msg=重复下单 for orderId={oid}",
             "feign.FeignException$BadRequest", "[400 Bad Request] during [POST] to [https://sfapi.example-carrier.cn/std/service]"),
            ("com.shopdesk.shipping.InvalidParcelException", "declared weight 0.000kg < min 0.010kg for order {oid}",
             "javax.validation.ConstraintViolationException", "parcels[0].weightKg: must be greater than 0"),
        ]
    else:  # refund
        svc = "payment-svc"
        frames = [
            "com.shopdesk.payment.paypal.PaypalRefundClient.refundCapture(PaypalRefundClient.java:96)",
            "com.shopdesk.payment.RefundOrchestrator.execute(RefundOrchestrator.java:211)",
            "com.shopdesk.payment.RefundOrchestrator.lambda$retry$3(RefundOrchestrator.java:188)",
            "io.github.resilience4j.retry.Retry.lambda$decorateCheckedSupplier$3(Retry.java:137)",
            "com.shopdesk.refund.RefundJob.run(RefundJob.java:64)",
        ]
        msgs = [
            ("com.shopdesk.payment.RefundGatewayException", "PayPal refund failed for capture {cap}: HTTP 422 UNPROCESSABLE_ENTITY",
             "com.paypal.http.exceptions.HttpException", "{{\"name\":\"UNPROCESSABLE_ENTITY\",\"details\":[{{\"issue\":\"REFUND_TIME_LIMIT_EXCEEDED\",\"description\":\"You are over the time limit to perform a refund on this capture.\"}}]}}"),
        ]
    out = []
    size = 0
    clk = Clock(rng, 30, 9, (3, 400))
    while size < target:
        ex, m, cause, cm = rng.choice(msgs)
        sku = rng.choice(SKUS)[0]
        wh = rng.choice(WAREHOUSES)
        m = m.format(sku=sku, wh=wh, q=rng.randint(1, 5), neg=rng.randint(1, 9), oid=order_id(rng),
                     cap=f"{rng.randint(10**15, 10**16-1)}X")
        tid = "".join(rng.choice("0123456789abcdef") for _ in range(16))
        head = f"{clk.tick()[0]}.{rng.randint(100,999)} ERROR 1 --- [{svc}] [nio-8080-exec-{rng.randint(1,40)}] traceId={tid} c.s.{svc.split('-')[0]}.GlobalExceptionHandler : Unhandled exception"
        keep = [f for i, f in enumerate(frames) if i < 3 or rng.random() < 0.8]
        fr = "\n".join("\tat " + f for f in keep)
        blk = f"{head}\n{ex}: {m}\n{fr}\nCaused by: {cause}: {cm}\n\t... {rng.randint(20, 80)} common frames omitted"
        out.append(blk)
        size += len(blk) + 1
    return "\n".join(out)


def python_trace_coupon(rng, target):
    out = []
    size = 0
    clk = Clock(rng, 29, 19, (1, 40))
    while size < target:
        t = clk.tick()[0]
        kind = rng.random()
        if kind < 0.45:
            uid = f"C-{rng.randint(10000000, 99999999)}"
            blk = (f"{t},{rng.randint(100,999)} WARNING promo.engine.redeem [req={rng.randint(10**7,10**8-1)}] "
                   f"code=CYBER30 customer={uid} ip=203.0.113.{rng.randint(1,254)} device_fp={rng.randint(10**11,10**12-1):x} "
                   f"per_customer_limit=1 redemptions_for_fp={rng.randint(2,40)} -> allowed (fp check disabled)")
        elif kind < 0.75:
            blk = (f"{t},{rng.randint(100,999)} ERROR promo.api.views Exception in /api/v2/cart/apply-coupon\n"
                   "Traceback (most recent call last):\n"
                   '  File "/srv/promo/promo/api/views.py", line 212, in apply_coupon\n'
                   "    result = engine.redeem(cart, code, customer)\n"
                   '  File "/srv/promo/promo/engine/redeem.py", line 88, in redeem\n'
                   "    self._check_limits(coupon, customer, cart)\n"
                   '  File "/srv/promo/promo/engine/redeem.py", line 141, in _check_limits\n'
                   "    used = self.redis.incr(f\"cpn:{coupon.id}:cust:{customer.id}\")\n"
                   '  File "/usr/local/lib/python3.11/site-packages/redis/commands/core.py", line 1876, in incrby\n'
                   '    return self.execute_command("INCRBY", name, amount)\n'
                   "redis.exceptions.ConnectionError: Error 111 connecting to redis-promo-0.promo.svc:6379. Connection refused.")
        else:
            blk = (f"{t},{rng.randint(100,999)} INFO  promo.engine.redeem order={order_id(rng, 29)} code=CYBER30 "
                   f"discount={rng.choice(['30.00','30.00','27.45','30.00'])} cart_total={round(rng.uniform(30.5, 42), 2)} "
                   f"min_spend=0.00 sku={rng.choice(SKUS)[0]} channel={rng.choice(['web','app'])}")
        out.append(blk)
        size += len(blk) + 1
    return "\n".join(out)


# ---------------------------------------------------------------- nginx + app logs
def nginx_order_logs(rng, target):
    out = []
    size = 0
    paths = ["/api/v1/orders", "/api/v1/orders/{oid}", "/api/v1/checkout/confirm", "/api/v1/orders/{oid}/cancel",
             "/api/v1/cart", "/api/v1/payments/stripe/webhook", "/api/v1/inventory/reserve"]
    clk = Clock(rng, 30, 20, (0, 3))
    while size < target:
        r = rng.random()
        _, _, hh, mm, ss = clk.tick()
        t = f"30/Nov/2026:{hh:02d}:{mm:02d}:{ss:02d} +0800"
        if r < 0.55:
            p = rng.choice(paths).format(oid=order_id(rng, 30))
            st = rng.choice([200, 200, 200, 502, 504, 499, 500])
            line = (f'10.20.{rng.randint(0,9)}.{rng.randint(2,250)} - - [{t}] "{rng.choice(["GET","POST"])} {p} HTTP/1.1" {st} '
                    f'{rng.randint(0, 4800)} "-" "ShopDeskApp/5.12.0 (iOS 19.1)" rt={round(rng.uniform(0.01, 30), 3)} '
                    f'upstream=order-svc-{rng.randint(0,5)}:8080')
        elif r < 0.85:
            line = (f"2026-11-30 {hh:02d}:{mm:02d}:{ss:02d}.{rng.randint(100,999)} "
                    f"ERROR [order-svc] o.h.engine.jdbc.spi.SqlExceptionHelper - "
                    + rng.choice([
                        "Lock wait timeout exceeded; try restarting transaction (MySQL 1205) on table `order_item`",
                        "Too many connections (MySQL 1040) - pool order-rw exhausted (max=200, active=200, idle=0)",
                        "Deadlock found when trying to get lock; try restarting transaction (MySQL 1213) table `inventory_reservation`",
                        "Communications link failure: The last packet successfully received from the server was 30,011 milliseconds ago",
                    ]))
        else:
            line = (f"2026-11-30 {hh:02d}:{mm:02d}:{ss:02d} WARN  [checkout] "
                    f"payment captured but order write failed, orderId={order_id(rng, 30)} pi={pi(rng)} -> queued for compensation "
                    f"(retry {rng.randint(1,5)}/5)")
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)


# ---------------------------------------------------------------- settlement files
def stripe_payout_csv(rng, target):
    header = "balance_transaction_id,created_utc,type,amount,fee,net,currency,source_id,order_ref,payout_id,description"
    rows = [header]
    size = len(header)
    payout = f"po_1Q{rng.randint(10**9, 10**10-1)}"
    while size < target:
        typ = rng.choices(["charge", "refund", "adjustment", "dispute"], [80, 12, 3, 5])[0]
        amt = round(rng.uniform(9, 320), 2)
        if typ in ("refund", "dispute"):
            amt = -amt
        fee = round(abs(amt) * 0.029 + 0.3, 2) if typ == "charge" else (15.0 if typ == "dispute" else 0.0)
        cur = rng.choice(["usd", "eur", "gbp", "usd"])
        oid = order_id(rng, rng.randint(24, 30)) if rng.random() > 0.04 else ""
        desc = {"charge": "Payment for order", "refund": "REFUND FOR CHARGE", "adjustment": "Chargeback withdrawal", "dispute": "Chargeback"}[typ]
        row = (f"txn_3Q{rng.randint(10**13, 10**14-1)},2026-11-{rng.randint(24,30):02d} {rng.randint(0,23):02d}:{rng.randint(0,59):02d}:{rng.randint(0,59):02d},"
               f"{typ},{amt:.2f},{fee:.2f},{amt-fee:.2f},{cur},{('ch_3Q' if typ=='charge' else 're_3Q' if typ=='refund' else 'dp_1Q')}{rng.randint(10**13, 10**14-1)},{oid},{payout},{desc}")
        rows.append(row)
        size += len(row) + 1
    return "\n".join(rows)


def shopee_settlement_csv(rng, target):
    header = "Order ID,Order Creation Date,Payout Completed Date,Product Price,Refund Amount,Shipping Fee Paid by Buyer,Shopee Shipping Rebate,Commission Fee,Service Fee,Transaction Fee,Voucher Sponsored by Seller,Total Released Amount (SGD)"
    rows = [header]
    size = len(header)
    while size < target:
        p = round(rng.uniform(6, 90), 2)
        ref = round(p, 2) if rng.random() < 0.06 else 0.0
        comm = round(p * 0.06, 2)
        svc = round(p * 0.04, 2)
        tx = round(p * 0.02, 2)
        vou = rng.choice([0, 0, 0, 2, 5])
        shipfee = rng.choice([0, 1.99, 2.99])
        reb = rng.choice([0, 1.5])
        rel = round(p - ref + shipfee + reb - comm - svc - tx - vou, 2)
        row = f"2611{rng.randint(10,30)}{''.join(rng.choice('ABCDEFGHJKMNPQRSTUVWXY0123456789') for _ in range(8))},2026-11-{rng.randint(1,30):02d},2026-11-{rng.randint(5,30):02d},{p},{ref},{shipfee},{reb},{comm},{svc},{tx},{vou},{rel}"
        rows.append(row)
        size += len(row) + 1
    return "\n".join(rows)


def returns_csv_zh(rng, target):
    header = "退货单号,订单号,SKU,品名,数量,退货原因,客户描述,仓库,质检结果,处理方式,申请日期"
    reasons = [("尺码不合适", "穿着偏小，想退"), ("质量问题", "充电几次就充不进去了"), ("与描述不符", "颜色和图片差很多"),
               ("物流损坏", "外箱压扁，杯子碎了"), ("不想要了", "买重复了"), ("发错货", "下单白色收到黑色"),
               ("质量问题", "左耳没有声音"), ("尺码不合适", "袖子太长"), ("与描述不符", "材质摸起来很薄")]
    rows = [header]
    size = len(header)
    k = 1
    while size < target:
        sku, _, zhn = rng.choice(SKUS)
        r, d = rng.choice(reasons)
        qc = rng.choice(["合格可二次销售", "合格可二次销售", "包装破损", "功能故障", "待质检"])
        way = {"合格可二次销售": "退款+入库", "包装破损": "退款+B品", "功能故障": "退款+报废", "待质检": "-"}[qc]
        row = f"RMA-2611-{k:04d},{order_id(rng)},{sku},{zhn},{rng.randint(1,2)},{r},{d},{rng.choice(['NL-VNL','DE-FRA','LAX1','SZ01'])},{qc},{way},2026-11-{rng.randint(1,30):02d}"
        rows.append(row)
        size += len(row) + 1
        k += 1
    return "\n".join(rows)


def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    for r in rows:
        out.append("| " + " | ".join(str(x) for x in r) + " |")
    return "\n".join(out)


def dispute_list(rng, n_rows):
    header = ["dispute_id", "gateway", "order_id", "amount", "currency", "reason", "opened", "status", "evidence_due"]
    rows = []
    for _ in range(n_rows):
        st = rng.choice(["won", "under_review", "lost", "needs_response", "won", "lost"])
        rows.append([f"dp_1Q{rng.randint(10**11, 10**12-1)}", rng.choice(["stripe", "paypal", "stripe"]), order_id(rng, rng.randint(1, 30)),
                     f"{rng.uniform(15, 420):.2f}", rng.choice(["USD", "EUR", "GBP"]),
                     rng.choice(["fraudulent", "product_not_received", "product_unacceptable", "duplicate", "subscription_canceled"]),
                     f"2026-10-{rng.randint(1,31):02d}", st, f"2026-11-{rng.randint(1,30):02d}"])
    return md_table(header, rows)
