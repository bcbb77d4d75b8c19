#!/usr/bin/env python3
"""Build tools.jsonl and queries.jsonl for heldout_ecom_ops_desk.

Pasted blocks are generated (seeded); every ask is hand-written below.
Run:  python3 gen/build.py   (from the dataset folder or anywhere)
"""
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from tools import TOOLS  # noqa: E402
from short_queries import DIRECT, PARAPHRASE, MULTI, NO_TOOL  # noqa: E402
import pastes as P  # noqa: E402
import handwritten as H  # noqa: E402

rng = random.Random(20261202)

# --------------------------------------------------------------------------
# names_server: a request that uses one domain's id format gets the category
# of that domain (first id in the text wins). See NOTES.md.
ID_PATTERNS = [
    (r"(?<![A-Za-z0-9])SO20\d{12}(?![0-9])", "orders"),
    (r"(?<![A-Za-z0-9])RMA-\d{4}-\d{4}", "refunds_returns"),
    (r"(?<![A-Za-z0-9])RF\d{10}(?![0-9])", "refunds_returns"),
    (r"(?<![A-Za-z0-9])PO-20\d{2}-\d{4}", "procurement"),
    (r"(?<![A-Za-z0-9])TK-\d{6}(?![0-9])", "customer_service"),
    (r"(?<![A-Za-z0-9])C-\d{8}(?![0-9])", "customer_service"),
    (r"(?<![A-Za-z0-9])(?:SF\d{13}|YT\d{13}|1Z[0-9A-Z]{16}|GM\d{16})(?![0-9])", "logistics"),
    (r"(?<![A-Za-z0-9])CP-[A-Z0-9]+(?:-[A-Z0-9]+)*", "marketing"),
]


def names_server(text):
    best = None
    for pat, cat in ID_PATTERNS:
        m = re.search(pat, text)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), cat)
    return best[1] if best else None


# --------------------------------------------------------------------------
# Extra paste generators that are specific to one request
def label_logs(target):
    out, size = [], 0
    oids = ["SO20261128000931", "SO20261128001207", "SO20261128001455", "SO20261128002019", "SO20261128002388"]
    i = 0
    while size < target:
        oid = oids[i % len(oids)]
        tn = f"SF{rng.randint(10**12, 10**13 - 1)}" if i < len(oids) else None
        if i < len(oids):
            rec = {"ts": f"2026-11-28T{9 + i:02d}:{rng.randint(10, 59)}:{rng.randint(10, 59)}+08:00", "svc": "shipping-gateway",
                   "event": "label.purchased", "order_id": oid, "carrier": "sf_express", "service": "SF_INTL_STD",
                   "warehouse": "SZ01", "tracking_number": tn,
                   "parcels": [{"weight_kg": 0.01, "length_cm": 30, "width_cm": 22, "height_cm": 12}],
                   "rate_quote": {"currency": "CNY", "amount": round(rng.uniform(38, 66), 2), "quoted_by": "rate-shop-v2"},
                   "carrier_status": "CREATED_NOT_PICKED"}
        else:
            rec = {"ts": f"2026-11-28T15:{rng.randint(10, 59)}:{rng.randint(10, 59)}+08:00", "svc": "wms",
                   "event": "pack.weight_mismatch", "order_id": oid, "scale_kg": round(rng.uniform(0.4, 2.2), 3),
                   "label_weight_kg": 0.01, "action": "hold_at_dock", "operator": rng.choice(["hejing", "zhangwei", "huanglei"])}
        line = json.dumps(rec, ensure_ascii=False)
        out.append(line)
        size += len(line) + 1
        i += 1
    return "\n".join(out), oids


def inventory_snapshot(target):
    rows = []
    while len(json.dumps(rows, indent=1)) < target:
        sku = rng.choice(P.SKUS)[0]
        wh = rng.choice(P.WAREHOUSES)
        oh = rng.randint(0, 2500)
        res = rng.randint(0, min(300, oh))
        rows.append({"sku": sku, "warehouse_id": wh, "on_hand": oh, "reserved": res, "available": oh - res,
                     "in_transit": rng.choice([0, 0, 120, 400]), "next_inbound_eta": rng.choice([None, "2026-12-12", "2026-12-15"]),
                     "bin": f"{rng.choice('ABCDE')}{rng.randint(1, 30):02d}"})
    return json.dumps({"snapshot_at": "2026-11-28T07:00:00Z", "source": "wms-nightly", "rows": rows}, indent=1)


def threepl_invoice(target, part):
    header = "invoice_no,site,service,ref,units,rate_eur,amount_eur,period" if part == 1 else ""
    rows = [header] if header else []
    size = len(header)
    sites = ["Fulfilment Hub Venlo (FHV-2)", "NorthStar Logistics Birmingham", "Rheinwerk Fulfilment Frankfurt", "ShipCo NJ-Edison"]
    services = ["pick_pack_first_item", "pick_pack_additional", "storage_m3_day", "returns_processing", "inbound_pallet", "labeling", "kitting"]
    while size < target:
        svc = rng.choice(services)
        units = rng.randint(1, 900)
        rate = {"pick_pack_first_item": 1.35, "pick_pack_additional": 0.35, "storage_m3_day": 0.42, "returns_processing": 2.10,
                "inbound_pallet": 6.80, "labeling": 0.12, "kitting": 0.55}[svc]
        row = f"INV-3PL-26-11-{rng.randint(100, 999)},{rng.choice(sites)},{svc},{P.order_id(rng) if 'pick' in svc or 'returns' in svc else '-'},{units},{rate},{units * rate:.2f},2026-11"
        rows.append(row)
        size += len(row) + 1
    return "\n".join(rows)


def refunds_table(nrows, force_id):
    header = ["退款单号", "订单号", "金额", "币种", "渠道", "申请日期", "表内状态", "备注"]
    rows = []
    for i in range(nrows):
        if i == 2:
            rows.append([force_id, "SO20261118002231", "74.50", "USD", "PayPal", "2026-11-20", "处理中", "客户催了3次"])
            continue
        rid = f"RF26112{rng.randint(0, 9)}{rng.randint(1000, 9999)}"
        rows.append([rid, P.order_id(rng, rng.randint(15, 24)), f"{rng.uniform(9, 260):.2f}", rng.choice(["USD", "EUR", "GBP"]),
                     rng.choice(["PayPal", "Stripe", "PayPal"]), f"2026-11-{rng.randint(15, 23):02d}", "处理中",
                     rng.choice(["", "客户催了2次", "PayPal 显示 pending", "", "已超7天"])])
    return P.md_table(header, rows)


def arrival_table(nrows, po):
    header = ["箱号", "PO号", "SKU", "品名", "装箱数", "实收", "合格", "不合格", "不合格原因", "库位"]
    rows = []
    skus = ["PC-SILI-IP15-PNK", "BG-TOTE-CNV", "CM-MUG-350-CRM", "SL-PJ-CORAL-L"]
    names = {s: z for s, _, z in P.SKUS}
    for i in range(nrows):
        sku = skus[i % len(skus)]
        packed = rng.choice([50, 60, 100, 120])
        got = packed - rng.choice([0, 0, 0, 0, 1, 2])
        bad = rng.choice([0, 0, 0, 0, 1, 3])
        rows.append([f"CTN-{i + 1:03d}", po, sku, names[sku], packed, got, got - bad, bad,
                     rng.choice(["外观划痕", "印刷偏位", "破损"]) if bad else "", f"YW-{rng.choice('ABC')}{rng.randint(1, 12):02d}"])
    return P.md_table(header, rows)


def pickup_fail_logs():
    lines = ["时间 | 订单号 | 运单号 | 承运商 | 事件 | 说明"]
    oids = ["SO20261128000913", "SO20261128001562", "SO20261128001998", "SO20261128002340", "SO20261128002791"]
    for oid in oids:
        tn = f"SF{rng.randint(10**12, 10**13 - 1)}"
        hours = [rng.randint(9, 11), rng.randint(16, 19), rng.randint(9, 12), rng.randint(15, 19)]
        for d, (ev, note) in enumerate([("下单成功", "顺丰月结 0755xxxx21"), ("揽收超时", "小哥未按约定时间上门"),
                                        ("揽收超时", "网点称车辆已满，改约明天"), ("揽收失败", "网点称爆仓暂停揽收")]):
            lines.append(f"2026-11-{28 + d // 2:02d} {hours[d]:02d}:{rng.randint(0, 59):02d} | {oid} | {tn} | 顺丰速运 | {ev} | {note}")
    lines.append("-- WMS 提示：以上5单已打包完成，在 SZ01 发货区 D-03 待揽收；中通月结账号可用，报价见 rate-shop。")
    return "\n".join(lines)


def supplier_thread_en(n_msgs):
    msgs = [
        ("Amy Lin <amy.lin@nbpack-demo.example>", "Mon, 17 Nov 2026 10:02", """Hi Leo,

Regarding the carton spec for the next production run: our paper mill has informed us that the 5-ply K=K board (BC flute) you use for the 64x56x32 chair cartons will be delayed 3 weeks. We can offer an alternative with A=A liner, same flute, burst strength 1,380 kPa instead of 1,520 kPa. Price would be 0.40 CNY lower per carton. Please confirm if this is acceptable so we can keep the delivery date of 5 Dec.

Best, Amy
Ningbo Ruifeng Packaging Co., Ltd."""),
        ("Leo Wang <leo.wang@lumora-home.example>", "Mon, 17 Nov 2026 15:44", """Hi Amy,

Thanks for the heads-up. The chair cartons go by sea to LAX1 and NJ02 and are stacked 6 high in the container, so I'm worried about 1,380 kPa. We had 14 damaged cartons out of 600 on the last shipment even with the K=K board. Can you share a compression test (BCT) result for the A=A option? Also please confirm whether the printing (our logo + handling marks + the FSC mark) stays the same.

Leo"""),
        ("Amy Lin <amy.lin@nbpack-demo.example>", "Tue, 18 Nov 2026 09:15", """Hi Leo,

BCT for A=A is 7,900 N vs 8,700 N for K=K (lab report attached, sample size 10). Printing is unchanged, but the FSC mark cannot be used on the A=A board because that mill is not FSC-certified - we would need to remove it from the artwork. Alternatively we can wait for the K=K board, then delivery moves to 26 Dec.

Another option: K=K board from a second mill, +0.25 CNY per carton, delivery 9 Dec.

Best, Amy"""),
        ("Leo Wang <leo.wang@lumora-home.example>", "Tue, 18 Nov 2026 17:30", """Amy,

26 Dec is too late, the chairs are for the January sale and the boxes must be at the factory in Dongguan by 12 Dec at the latest. I'd rather pay the +0.25 CNY and keep FSC (our EU marketplace listings mention FSC packaging). Please go with the second mill, delivery 9 Dec, and send me the revised PI so I can update the PO. Quantity remains 2,400 cartons.

One more thing: the last batch had 3 pallets without corner protectors. Please make sure all pallets have corner boards and stretch wrap this time.

Leo"""),
        ("Amy Lin <amy.lin@nbpack-demo.example>", "Thu, 20 Nov 2026 11:02", """Hi Leo,

Revised PI attached: 2,400 cartons x 6.85 CNY = 16,440 CNY, delivery 9 Dec to Dongguan Xinrui's warehouse (the chair factory address you gave us before). 30% deposit as usual. Corner boards noted, our QC will take photos of every pallet before loading.

However, the second mill can only do 1,800 by 9 Dec - the remaining 600 would be 16 Dec. Is a split delivery OK?

Best, Amy"""),
        ("Leo Wang <leo.wang@lumora-home.example>", "Thu, 20 Nov 2026 16:20", """Amy,

Split is OK as long as the first 1,800 arrive by 9 Dec. The factory can pack the first two containers with those. Deposit will be paid after the PO amendment is approved on our side, probably Monday. Please send the pallet photos to me and to Mr Huang at the factory.

Leo"""),
    ]
    out = []
    quoted = ""
    for sender, date, body in msgs[:n_msgs]:
        block = f"From: {sender}\nDate: {date}\nSubject: RE: Carton spec change - chair cartons 64x56x32\n\n{body}\n"
        if quoted:
            block += "\n" + "\n".join("> " + l if l else ">" for l in quoted.splitlines()) + "\n"
        quoted = block
        out.append(block)
    # the user pastes the last three mails of the chain, newest first, each with its quoted history
    return ("\n" + "=" * 60 + "\n").join(reversed(out[-3:]))


# --------------------------------------------------------------------------
LONG = []


def add_long(lang, ask_at, gold, query, paste_chars, own_words):
    # own_words: what the user typed around the paste (used for names_server)
    LONG.append({"lang": lang, "ask_at": ask_at, "gold": gold, "query": query, "paste_chars": paste_chars,
                 "own_words": own_words})


def start(lang, gold, ask, paste):
    add_long(lang, "start", gold, ask + "\n\n" + paste, len(paste), ask)


def end(lang, gold, paste, ask):
    add_long(lang, "end", gold, paste + "\n\n" + ask, len(paste), ask)


def middle(lang, gold, p1, ask, p2):
    add_long(lang, "middle", gold, p1 + "\n\n" + ask + "\n\n" + p2, len(p1) + len(p2), ask)


def absent(lang, text_before, paste, text_after=""):
    q = (text_before + "\n\n" if text_before else "") + paste + ("\n\n" + text_after if text_after else "")
    add_long(lang, "absent", [], q, len(paste), text_before + " " + text_after)


# ---------------- ask at start (10)
start("en", ["create_ticket"],
      "Can you open an urgent internal ticket for the warehouse systems team? Pickers at SZ01 can't confirm picks since ~09:40, every scan fails with the stuff below. Put the first trace in the body.",
      P.java_trace(rng, 1500, "inventory"))

zh_lost = P.tracking_log_zh(rng, 7, "SF1498820391174") + "\n2026-11-28 10:12:40  【顺丰客服回复】经核实，该快件在派送环节遗失，已为寄件方登记理赔，理赔单号 LP-20261128-0093。"
start("zh", ["create_refund"],
      "SO20261124006233 这单顺丰说派送的时候弄丢了，理赔他们会赔给我们。客户说不想再等补发了，直接退钱。帮我给她全额退款 ¥89，原因写运输丢件。轨迹在下面：",
      zh_lost)

start("en", ["transfer_stock"],
      "Create a transfer from SZ01 to LAX1 for the LAX1 rows flagged REORDER below - start with HB-TWS-PRO2-BLK, 600 units, sea freight. This is this morning's stock export:",
      P.stock_csv(rng, 12000))

start("mixed", ["reply_to_ticket"],
      "帮我在 TK-561377 上 reply 这个客户，告诉他 replacement 已经用 DHL 寄出了，tracking 明天能查到，坏的那个不用寄回。Email thread 如下：",
      H.EMAIL_KETTLE)

po_rows = [["PC-SILI-IP15-PNK", 3000, 4.20, "PO-2026-0377", ""], ["BG-TOTE-CNV", 1200, 9.80, "PO-2026-0377", "new print"],
           ["CM-MUG-350-CRM", 1500, 11.50, "PO-2026-0352", "use double-wall box"], ["SL-PJ-CORAL-L", 800, 32.00, "-", "new SKU"],
           ["TB-SONIC-HEAD-4P", 5000, 3.15, "PO-2026-0390", ""], ["YG-MAT-6MM-PUR", 600, 18.60, "PO-2026-0341", "purple only"]]
start("en", ["create_purchase_order"],
      "Raise a PO to Yiwu Hengda Trading for these, net 30, deliver to YW02. Leave it as draft, I want to eyeball it before it goes out.",
      P.md_table(["sku", "qty", "unit cost (CNY)", "last PO", "note"], po_rows) +
      "\n\nTotal approx. 126,030 CNY. Last time they shipped the mugs in single-wall boxes and we had 4% breakage - hence the note.")

start("zh", ["create_exchange_order", "reply_to_ticket"],
      "下面是客服微信聊天记录，客户要把M码换成L码，先发后退。帮我建个换货单，然后在工单 TK-562488 上回复她换货已经安排了。",
      H.CHAT_EXCHANGE_ZH)

start("en", ["reconcile_payments"],
      "Run the Stripe reconciliation for Nov 24-30 against this payout report - finance says the payout is about $1.2k short of what the shop thinks we sold.",
      P.stripe_payout_csv(rng, 15000))

start("zh", ["disable_coupon"],
      "这张券赶紧停掉！min_spend 写成 0 了，已经被刷了七百多单。配置贴在下面：",
      H.COUPON_YAML_BAD)

logs, _ = label_logs(2200)
start("mixed", ["void_shipment"],
      "帮我把下面这几票的 label 都 void 掉，仓库说 weight 全部填成 0.01kg 了，顺丰还没来揽收。log 如下：",
      logs)

fraud_orders = []
for k in range(6):
    o = P.order_record(rng, status=rng.choice(["paid", "paid", "fulfilling", "shipped"]))
    o["risk"] = {"score": rng.randint(91, 99), "provider": "riskguard-v3", "rules": ["card_bin_velocity", "addr_velocity"]}
    fraud_orders.append(o)
start("en", ["search_orders", "cancel_order"],
      "Risk flagged the buyers in this export as a card-testing ring. Search for any other orders from these buyer emails, and cancel the ones in here that haven't shipped yet (reason fraud).",
      P.order_export(rng, 9500, inject=fraud_orders))

# ---------------- ask in the middle (10)
middle("en", ["create_return_request"],
       H.EMAIL_JACKET_1,
       "^ she's right, the seam is clearly torn in the photos. Open a return for the jacket on SO20261109003180, reason defective, prepaid label - it's on us. Rest of the thread below for context:",
       H.EMAIL_JACKET_2)

cc = P.count_diff_csv(rng, 5000)
cc_lines = cc.splitlines()
half = len(cc_lines) // 2
pick = next(l for l in cc_lines[1:half] if l.split(",")[3] == "SZ01" and int(l.split(",")[7]) != 0)
pf = pick.split(",")
middle("zh", ["adjust_stock"],
       "\n".join(cc_lines[:half]),
       f"—— 以上是昨晚的盘点结果，差异都复核过了。先把 {pf[0]} 这行（{pf[1]}，{pf[3]}）按实盘数 {pf[6]} 修正库存，原因填盘点差异，其它的等主管签字再说。下面是剩下的：",
       "\n".join(cc_lines[half:]))

order_l13 = P.order_record(rng, oid="SO20261127004471", status="fulfilling")
order_l13["lines"] = [
    {"line_id": "L1", "sku": "KB-MECH-87-RED", "title": "Mechanical Keyboard 87 Red Switch", "qty": 1, "unit_price": 69.0, "fulfil_status": "allocated", "warehouse": "SZ01"},
    {"line_id": "L2", "sku": "WT-SMART-S3", "title": "Smart Watch S3", "qty": 1, "unit_price": 89.0, "fulfil_status": "backordered", "warehouse": None},
    {"line_id": "L3", "sku": "MS-WL-SILENT-BLK", "title": "Silent Wireless Mouse Black", "qty": 2, "unit_price": 14.5, "fulfil_status": "allocated", "warehouse": "SZ01"},
    {"line_id": "L4", "sku": "HM-HUMID-3L", "title": "Ultrasonic Humidifier 3L", "qty": 1, "unit_price": 39.0, "fulfil_status": "backordered", "warehouse": None},
]
middle("en", ["split_order"],
       json.dumps(order_l13, indent=2),
       "L1 and L3 are sitting in SZ01, L2/L4 won't be back before mid-Dec. Split SO20261127004471 so L1+L3 go out now and the rest ships later. Inventory snapshot for reference:",
       inventory_snapshot(4200))

trk = P.tracking_log_en(rng, 1, ["GM6012345678905512"], scenario="customs_hold")
middle("mixed", ["create_customs_declaration"],
       trk,
       "DHL 说 customs 要 commercial invoice，原来那票没带 HS code。帮我给 SO20261119002287 重新生成一份报关资料：蓝牙耳机 HS 8518300000，申报 $18/件，2件，原产地 CN，IOSS IM2760000123。下面是 DHL 的邮件：",
       H.DHL_EMAIL)

middle("zh", ["get_purchase_order"],
       H.SUPPLIER_WECOM_1,
       "他说白色的已经发了一半，我不太信。帮我查一下 PO-2026-0431 系统里实际收了多少货、预计什么时候到齐。后面的聊天也贴上：",
       H.SUPPLIER_WECOM_2)

cl = P.python_trace_coupon(rng, 11000).splitlines()
h = len(cl) // 2
while not cl[h].startswith("2026-"):  # cut between log records, never inside a traceback
    h += 1
middle("en", ["disable_coupon", "get_coupon_usage"],
       "\n".join(cl[:h]),
       "^^ CYBER30 is being farmed again, same device fingerprints over and over. Kill the code now and pull its redemption stats for Nov 27-30 so I can tell the boss how much we lost. More logs below in case they help:",
       "\n".join(cl[h:]))

middle("mixed", ["get_refund_status"],
       refunds_table(22, "RF2611270031"),
       "表里这几个都显示'处理中'超过7天了，先帮我查下 RF2611270031 的实际 status，这个客户在说要去 PayPal 开 dispute 了。下面是客户的原话：",
       "> I was promised my refund of 74.50 USD on Nov 20. It's Nov 30 and PayPal shows nothing. If I don't see it by Monday I'm opening a case with PayPal and leaving a review. - Daniel M.\n> (sent via contact form, order SO20261118002231)")

middle("en", ["update_shipping_address"],
       H.CHAT_ADDRESS_EN,
       "Customer's moving - SO20261129005120 hasn't been picked yet (DE-FRA wave 3 picks at 17:00). Change the ship-to to the new address she gives below:",
       H.CHAT_ADDRESS_EN_2)

ng = P.nginx_order_logs(rng, 16000).splitlines()
h = len(ng) // 2
middle("zh", ["escalate_ticket"],
       "\n".join(ng[:h]),
       "这是昨晚20点到21点下单失败高峰期间的日志。客户投诉的工单 TK-563001 已经有了，帮我把它升级给技术值班，原因写\"支付成功但订单未生成\"。后半段日志：",
       "\n".join(ng[h:]))

middle("en", ["list_warehouses"],
       threepl_invoice(1000, 1),
       "I can't map these 3PL site names to our internal warehouse codes. List our 3PL warehouses so I can match them up. Second half of the invoice:",
       threepl_invoice(1000, 2))

# ---------------- ask at the end (12)
end("en", ["export_settlement_report"],
    P.shopee_settlement_csv(rng, 6500),
    "That's Shopee SG's own release report for November. Export our settlement report for Shopee, Nov 1-30, grouped by currency, so finance can diff the two.")

end("zh", ["search_tickets", "issue_coupon_to_customer"],
    H.CHAT_COMPLAINT_ZH,
    "帮我查一下这个客户之前的工单，看看是不是真的第三次了；然后给她发一张20元的补偿券 CP-COMP-20。")

nums = ["GM6012345678901234"] + [f"GM60{rng.randint(10**13, 10**14 - 1)}" for _ in range(14)] + \
       [f"YT{rng.randint(10**12, 10**13 - 1)}" for _ in range(8)] + [f"1Z{''.join(rng.choice('0123456789ABCDEFX') for _ in range(16))}" for _ in range(5)]
bulk = P.tracking_log_en(rng, 13500, nums)
if "GM6012345678901234" not in bulk:
    bulk = P.tracking_log_en(rng, 300, ["GM6012345678901234"], scenario="stuck") + "\n\n" + bulk
end("en", ["track_shipment"],
    bulk,
    "that's the weekly stuck-parcel dump from the carrier portals. ignore most of it - just track GM6012345678901234 live for me, the customer says DHL shows nothing since Thursday.")

end("mixed", ["get_refund_status"],
    P.java_trace(rng, 1000, "refund"),
    "payment-svc 一直在报这个。帮我查下 RF2611300007 的 status 和 failure reason，看是不是就是这个 REFUND_TIME_LIMIT_EXCEEDED")

end("zh", ["receive_purchase_order"],
    "义乌仓 YW02 到货核对表（PO-2026-0433，供应商：义乌恒达贸易）\n\n" + arrival_table(48, "PO-2026-0433") +
    "\n\n核对人：何静  复核：黄磊  到货时间：2026-12-01 14:20  车牌 浙G·7X21Q",
    "PO-2026-0433 这批今天下午到义乌仓了，按表里的实收和合格数量帮我做收货入库，不合格的先别入。")

o26 = P.order_record(rng, oid="SO20261121004407", status="completed", channel="web")
o26["lines"] = [{"line_id": "L1", "sku": "JK-RAIN-42-WHT", "title": "Rain Jacket EU42 White", "qty": 1, "unit_price": 89.0, "fulfil_status": "shipped"}]
o26["amounts"] = {"subtotal": 89.0, "discount": 0, "shipping": 0, "tax": 14.21, "total": 89.0}
o26["coupon_code"] = None
end("en", ["create_exchange_order"],
    json.dumps(o26, indent=2),
    "customer got the white one, wants the black 42 instead (JK-RAIN-42-BLK), same price. set up an exchange for line L1 please")

sc = P.stock_csv(rng, 10000, zh=True)
target_row = next((l for l in sc.splitlines()[1:] if l.startswith("TB-SONIC-HEAD-4P") and ",LAX1," in l), None)
if target_row is None:
    target_row = "TB-SONIC-HEAD-4P,电动牙刷刷头4支装,LAX1,310,12,298,0,200,840,28.0,正常"
    lines_sc = sc.splitlines()
    lines_sc.insert(len(lines_sc) // 2, target_row)
    sc = "\n".join(lines_sc)
sug = target_row.split(",")[8]
end("zh", ["set_reorder_point"],
    sc,
    f"按表里“建议安全库存”那列，先把 LAX1 的 TB-SONIC-HEAD-4P 补货点改成 {sug}，每次补货量 3000。其它的我明天再弄。")

end("mixed", ["notify_supplier", "get_purchase_order"],
    H.SUPPLIER_EMAIL_PRICE,
    "帮我 reply 给 Audiowave 的 Kevin，说这次涨价 8% 我们不接受，按 frame agreement 6.2 执行原价；同时 check 一下 PO-2026-0428 现在到底收了多少、剩多少没交。")

inj = P.order_record(rng, oid="SO20261123007719", status="shipped")
inj["amounts"]["tax"] = round(inj["amounts"]["tax"] * 2 + 3.1, 2)
end("en", ["get_order_detail"],
    P.order_export(rng, 16800, inject=[inj]),
    "the totals for SO20261123007719 in this export don't add up, tax looks doubled. pull up the full order detail so I can see the real breakdown")

end("zh", ["void_shipment", "create_shipment"],
    pickup_fail_logs(),
    "这几单顺丰两天了都没来揽收。先把 SO20261128000913 的顺丰面单作废，再改用中通重新下单发货，其他几单等我问完网点再说。")

end("en", ["create_journal_adjustment"],
    "Disputes export (Oct-Nov), from the payments dashboard:\n\n" + P.dispute_list(rng, 46),
    "All the October ones marked 'lost' are final, no more appeals possible. Book one write-off journal for them against bad debt, memo 'Oct chargebacks lost', and put the dispute ids in the reference.")

end("mixed", ["search_orders"],
    H.SQL_BUYERS,
    "这三个 buyer 帮我 search 一下还有没有 pending_payment 的 orders，有的话发我 list")

# ---------------- no tool ask (8): 4 bare pastes, 4 explain/summarise/translate only
absent("en", "", P.java_trace(rng, 2400, "label"))
absent("zh", "", H.CHAT_NOASK_ZH)
absent("en", "", P.tracking_log_en(rng, 6000, nums[3:12]))
absent("mixed", "fyi 双十二的 coupon config，运营已经确认过了", H.COUPON_YAML_FYI)
absent("en", "Can you summarise this thread in 3 bullets for standup? What did we end up agreeing on with Ningbo?",
       supplier_thread_en(6))
absent("zh", "帮我把这封德语邮件翻译成中文，我先看看客户具体说了什么", H.GERMAN_EMAIL)
absent("en", "", P.java_trace(rng, 3300, "inventory"),
       "what does this error actually mean? is it the DB or our code? not asking you to do anything yet, just explain")
absent("zh", "", P.returns_csv_zh(rng, 19500),
       "帮我总结一下11月退货原因的分布，哪几个SKU质量问题最多？写成几句话给老板看")


# --------------------------------------------------------------------------
def main():
    names = [t["name"] for t in TOOLS]
    assert len(names) == len(set(names))
    with open(os.path.join(ROOT, "tools.jsonl"), "w", encoding="utf-8") as f:
        for t in TOOLS:
            f.write(json.dumps(t, ensure_ascii=False) + "\n")

    rows = []

    def add(kind, lang, q, gold, own_words=None, **extra):
        rid = f"ecom-{kind}-{sum(1 for r in rows if r['kind'] == kind) + 1:03d}"
        r = {"id": rid, "query": q, "gold": gold, "lang": lang, "kind": kind}
        r.update(extra)
        ns = names_server(q if own_words is None else own_words)
        if ns:
            r["names_server"] = ns
        rows.append(r)

    for lang, q, g in DIRECT:
        add("direct", lang, q, g)
    for lang, q, g in PARAPHRASE:
        add("paraphrase", lang, q, g)
    for lang, q, g in MULTI:
        add("multi", lang, q, g)
    for L in LONG:
        add("long", L["lang"], L["query"], L["gold"], ask_at=L["ask_at"], paste_chars=L["paste_chars"],
            own_words=L["own_words"])
    for lang, q, g in NO_TOOL:
        add("no_tool", lang, q, g)

    with open(os.path.join(ROOT, "queries.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(TOOLS)} tools, {len(rows)} queries")


if __name__ == "__main__":
    main()
