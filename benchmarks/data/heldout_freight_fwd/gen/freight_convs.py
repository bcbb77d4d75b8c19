import sys, random; sys.path.insert(0, __import__("os").path.dirname(__file__))
from common import Conv
R = random.Random(7)
convs = []

# c01
ev = [("EE","CNSHA","Empty container released","2026-10-24T03:10:00Z"),("I","CNSHA","Gate in full at Yangshan terminal","2026-10-26T09:41:00Z"),
      ("AE","CNSHA","Loaded on MSC AURORA 546W","2026-10-29T14:02:00Z"),("VD","CNSHA","Vessel departed","2026-10-30T06:30:00Z"),
      ("VA","MYPKG","Vessel arrived Port Klang (transhipment)","2026-11-06T22:15:00Z"),("UV","MYPKG","Discharged for transhipment","2026-11-07T11:48:00Z"),
      ("NOTE","MYPKG","Carrier advisory: congestion, connection delayed 6 days","2026-11-08T02:00:00Z"),("AE","MYPKG","Loaded on MSC LORETO 602W","2026-11-14T19:20:00Z"),
      ("VD","MYPKG","Vessel departed","2026-11-15T08:05:00Z"),("VA","DEHAM","Vessel arrived Hamburg CTA","2026-11-30T17:40:00Z"),
      ("UV","DEHAM","Discharged","2026-12-01T04:12:00Z"),("CUS","DEHAM","Import declaration lodged by agent","2026-12-01T10:30:00Z")]
c = Conv("ff-c01", "en", "customer chasing ETA; status, events, customs, then reply drafting")
c.turn("where's SH-27790 at? customer in hamburg is chasing hard", "first",
  [("get_shipment_status", {"shipment_id": "SH-27790"}, {"shipment_id": "SH-27790", "status": "arrived", "latest_milestone": {"code": "UV", "location": "DEHAM", "at": "2026-12-01T04:12:00Z", "text": "Discharged"}, "eta": "2026-11-30", "original_eta": "2026-11-28", "customer": "Nordhafen Trading GmbH (CU-1042)", "container_count": 1})],
  "SH-27790 has arrived: the container was discharged at Hamburg on 1 Dec at 04:12 UTC. Vessel ETA had slipped from 28 to 30 Nov. It is not yet marked as delivered.")
c.turn("show me all the events on it", "follow_up",
  [("list_tracking_events", {"shipment_id": "SH-27790"}, {"shipment_id": "SH-27790", "container": "MEDU4471920", "events": [{"code": a, "location": b, "description": d, "at": t, "source": "carrier_edi" if a != "NOTE" else "manual"} for a, b, d, t in ev]})],
  "12 events: released empty in Shanghai 24 Oct, loaded on MSC Aurora 546W 29 Oct, transhipped in Port Klang (6-day congestion delay), onward on MSC Loreto 602W 15 Nov, arrived Hamburg 30 Nov, discharged 1 Dec 04:12, and our agent lodged the import declaration on 1 Dec 10:30.")
c.turn("so when exactly did it come off the ship?", "answered", [], "It was discharged in Hamburg on 1 December 2026 at 04:12 UTC (05:12 local).")
c.turn("has the import declaration cleared customs?", "switch",
  [("get_customs_declaration_status", {"shipment_id": "SH-27790"}, {"declaration_id": "CD-88241", "direction": "import", "customs_office": "DE004851 Hamburg-Waltershof", "status": "released", "lodged_at": "2026-12-01T10:30:00Z", "released_at": "2026-12-02T08:55:00Z", "inspection": None, "duties_assessed": {"currency": "EUR", "duty": 1843.2, "import_vat": 9911.47}})],
  "Yes, CD-88241 was released by Hamburg-Waltershof customs on 2 Dec at 08:55 UTC with no inspection. Duty of EUR 1,843.20 and import VAT of EUR 9,911.47 were assessed.")
c.turn("great. draft me a short reply to Katrin with that, apologetic but factual", "advice", [],
  "Dear Katrin,\n\nApologies for the delay and for the slow updates. Your container MEDU4471920 (SH-27790) was discharged in Hamburg on 1 December after a transhipment delay in Port Klang. The import declaration was released by customs on 2 December with no inspection, so the cargo is ready for pick-up. We will confirm the trucking slot with you today.\n\nKind regards")
c.turn("perfect thx", "closing", [], "You're welcome. Good luck with Katrin.")
convs.append(c)

# c02
carriers = [("MAEU","Maersk"),("MSCU","MSC"),("CMDU","CMA CGM"),("COSU","COSCO"),("ONEY","ONE"),("HLCU","Hapag-Lloyd"),("EGLV","Evergreen"),("YMLU","Yang Ming"),("OOLU","OOCL"),("HDMU","HMM")]
def rates(ct, base):
    out = []
    for scac, n in carriers:
        out.append({"carrier_scac": scac, "carrier": n, "container_type": ct, "ocean_freight_usd": base + R.randrange(-180, 260, 10), "baf_usd": R.choice([210, 240, 265, 290]), "transit_days": R.choice([30, 31, 33, 34, 36]), "valid_until": "2026-12-31", "rate_type": R.choice(["contract", "spot"])})
    out.sort(key=lambda r: r["ocean_freight_usd"] + r["baf_usd"]); return out
r40 = rates("40HC", 2150); r20 = rates("20GP", 1280)
c = Conv("ff-c02", "zh", "rate check then quotation, with a quantity correction")
c.turn("宁波到费利克斯托 40HC 现在什么价？", "first",
  [("get_spot_rates", {"origin_port": "CNNGB", "destination_port": "GBFXT", "container_type": "40HC"}, {"lane": "CNNGB-GBFXT", "rates": r40})],
  f"宁波→费利克斯托 40HC 共10家报价，最便宜是 {r40[0]['carrier']}：海运费 USD {r40[0]['ocean_freight_usd']} + BAF {r40[0]['baf_usd']}，航程约{r40[0]['transit_days']}天；最贵的是 {r40[-1]['carrier']}，合计 USD {r40[-1]['ocean_freight_usd']+r40[-1]['baf_usd']}。有效期都到12月31日。")
c.turn("那20GP呢？", "follow_up",
  [("get_spot_rates", {"origin_port": "CNNGB", "destination_port": "GBFXT", "container_type": "20GP"}, {"lane": "CNNGB-GBFXT", "rates": r20})],
  f"20GP 最低是 {r20[0]['carrier']}，USD {r20[0]['ocean_freight_usd']} + BAF {r20[0]['baf_usd']}；十家的海运费在 USD {min(r['ocean_freight_usd'] for r in r20)}–{max(r['ocean_freight_usd'] for r in r20)} 之间（不含 BAF）。")
c.turn("给 Brightline Homewares 做个报价，3个40HC，按最便宜那家的价格，FOB 宁波，发邮件给他们", "chain",
  steps=[[("search_customers", {"query": "Brightline Homewares"}, {"results": [{"customer_id": "CU-2210", "name": "Brightline Homewares Ltd", "country": "GB", "sales_rep": "Lina Zhou"}]})],
         [("create_quote", {"customer_id": "CU-2210", "origin_port": "CNNGB", "destination_port": "GBFXT", "mode": "sea_fcl", "container_type": "40HC", "quantity": 3, "incoterm": "FOB", "valid_until": "2026-12-31", "send_email": True},
           {"quote_id": "QT-2026-1022", "status": "sent", "total_usd": 3 * (r40[0]['ocean_freight_usd'] + r40[0]['baf_usd'] + 185), "emailed_to": "purchasing@brightline.example"})]],
  reply="已为 Brightline Homewares (CU-2210) 生成报价单 QT-2026-1022：3×40HC 宁波→费利克斯托 FOB，有效期到12月31日，已发到 purchasing@brightline.example。")
c.turn("不对，是2个柜不是3个，重新出一份", "correction",
  [("create_quote", {"customer_id": "CU-2210", "origin_port": "CNNGB", "destination_port": "GBFXT", "mode": "sea_fcl", "container_type": "40HC", "quantity": 2, "incoterm": "FOB", "valid_until": "2026-12-31", "send_email": True},
    {"quote_id": "QT-2026-1023", "status": "sent", "total_usd": 2 * (r40[0]['ocean_freight_usd'] + r40[0]['baf_usd'] + 185), "emailed_to": "purchasing@brightline.example", "supersedes": "QT-2026-1022"})],
  "已重新出报价 QT-2026-1023（2×40HC），替代 QT-2026-1022，并已发给客户。")
c.turn("好的，谢谢", "closing", [], "不客气！")
convs.append(c)

# c03
c = Conv("ff-c03", "en", "create shipment, confirm booking, check it, switch to credit")
c.turn("new job for CU-1042: FCL Shanghai to Hamburg, 1200 ctns LED panels, HS 9405.42, 18,400kg, 61cbm, cargo ready 12 Dec, FOB", "first",
  [("create_shipment", {"customer_id": "CU-1042", "mode": "sea_fcl", "origin_port": "CNSHA", "destination_port": "DEHAM", "incoterm": "FOB", "cargo": [{"description": "LED panels", "hs_code": "9405.42", "packages": 1200, "gross_weight_kg": 18400, "volume_cbm": 61}], "cargo_ready_date": "2026-12-12"},
    {"shipment_id": "SH-31207", "status": "draft", "customer": "Nordhafen Trading GmbH"})],
  "Created SH-31207 (draft) for Nordhafen Trading. 61 cbm fits one 40HC. Shall I request a 1×40HC booking with Maersk (MAEU) for ETD around 16 Dec?")
c.turn("yes go ahead", "confirmation",
  [("create_carrier_booking", {"shipment_id": "SH-31207", "carrier_scac": "MAEU", "container_types": [{"type": "40HC", "quantity": 1}], "etd": "2026-12-16"},
    {"booking_id": "BK-55302", "status": "requested", "carrier_scac": "MAEU"})],
  "Booking BK-55302 has been requested with Maersk for 1×40HC, ETD 16 Dec. It's in 'requested' status until Maersk confirms it.")
c.turn("has maersk confirmed BK-55302 yet?", "follow_up",
  [("get_booking", {"booking_id": "BK-55302"}, {"booking_id": "BK-55302", "status": "confirmed", "carrier_booking_no": "263918442", "vessel_voyage": "MAERSK EINDHOVEN 251W", "etd": "2026-12-17", "cutoffs": {"si": "2026-12-13T12:00:00+08:00", "vgm": "2026-12-14T12:00:00+08:00", "cy": "2026-12-15T17:00:00+08:00"}, "containers": [{"type": "40HC", "quantity": 1}]})],
  "Yes, Maersk confirmed it: carrier booking no. 263918442 on MAERSK EINDHOVEN 251W, ETD 17 Dec. The SI cut-off is 13 Dec 12:00, the VGM cut-off 14 Dec 12:00 and the CY cut-off 15 Dec 17:00 (all China time).")
c.turn("different thing - what's our credit exposure on Brightline, CU-2210?", "switch",
  [("get_customer_account", {"customer_id": "CU-2210"}, {"customer_id": "CU-2210", "name": "Brightline Homewares Ltd", "credit_limit": {"currency": "USD", "amount": 120000}, "outstanding_balance": 97450.3, "overdue_balance": 18210.0, "payment_terms": "NET30", "kyc_status": "verified", "contacts": [{"name": "Sarah Pike", "email": "s.pike@brightline.example", "role": "purchasing"}, {"name": "Dev Anand", "email": "ap@brightline.example", "role": "accounts payable"}]})],
  "Brightline (CU-2210) owes USD 97,450.30 against a USD 120,000 limit, which leaves about USD 22.5k of headroom. USD 18,210 of that is overdue. Their terms are NET30 and the AP contact is ap@brightline.example.")
c.turn("ok thanks, that's all for now", "closing", [], "You're welcome.")
convs.append(c)

# c04
inv_rows = []
for i in range(12):
    amt = round(R.uniform(850, 14800), 2)
    paid = 0 if i % 4 else round(amt * 0.4, 2)
    inv_rows.append({"invoice_id": f"INV-2603{70+i*3}", "shipment_id": f"SH-{27600+i*37}", "date": f"2026-{10 if i<6 else 11}-{(i*4)%27+1:02d}", "currency": "USD", "total": amt, "paid": paid, "balance": round(amt-paid, 2), "status": "overdue" if i < 4 else "open"})
inv_rows[2].update({"invoice_id": "INV-260412", "shipment_id": "SH-27412", "total": 6940.0, "paid": 0, "balance": 6940.0})
c = Conv("ff-c04", "mixed", "open invoices, reference by position, credit note after confirmation")
c.turn("CU-2210 现在有哪些 open 的 invoices？", "first",
  [("list_invoices", {"customer_id": "CU-2210", "status": "open"}, {"customer_id": "CU-2210", "count": len(inv_rows), "invoices": inv_rows})],
  f"CU-2210 有 {len(inv_rows)} 张未结清发票，其中前4张已逾期，未付合计 USD {sum(r['balance'] for r in inv_rows):,.2f}。")
c.turn("第三张 show me the details", "reference",
  [("get_invoice", {"invoice_id": "INV-260412"}, {"invoice_id": "INV-260412", "shipment_id": "SH-27412", "customer_id": "CU-2210", "currency": "USD", "lines": [
      {"code": "OFR", "desc": "Ocean freight 2x40HC CNNGB-GBFXT", "amount": 4980.0}, {"code": "BAF", "desc": "Bunker adjustment", "amount": 530.0},
      {"code": "PSS", "desc": "Peak season surcharge", "amount": 800.0}, {"code": "THC-D", "desc": "Destination THC Felixstowe", "amount": 350.0},
      {"code": "DOC", "desc": "Documentation fee", "amount": 65.0}, {"code": "CUS-E", "desc": "Export customs clearance", "amount": 215.0}],
      "total": 6940.0, "paid": 0, "balance": 6940.0, "due_date": "2026-11-20", "status": "overdue"})],
  "INV-260412（SH-27412）总额 USD 6,940，还没有付款，11月20日到期，现已逾期。明细：海运费 4,980、BAF 530、PSS 800、目的港THC 350、文件费 65、出口报关 215。")
c.turn("他们说 PSS 不该收，你觉得呢？从客户角度解释一下这个费用", "advice", [],
  "PSS 是承运人在旺季收取的附加费，报价里如果写了 subject to carrier surcharges，一般可以收。客户那边的顾虑多半是报价时没看到单独列出的金额。建议回复时附上报价单的条款，再附上承运人的 PSS 通知。另外这票是 FOB，目的港 THC 本应由收货人付，那一行很可能是开错了。要我为那 USD 350 的 THC 开一张贷项通知单吗？")
c.turn("yes pls, credit the THC", "confirmation",
  [("issue_credit_note", {"invoice_id": "INV-260412", "amount": 350.0, "reason": "Destination THC charged in error (FOB terms, consignee pays destination charges)"},
    {"credit_note_id": "CN-260088", "invoice_id": "INV-260412", "amount": 350.0, "currency": "USD", "new_balance": 6590.0})],
  "Issued credit note CN-260088 for USD 350 against INV-260412. The new balance is USD 6,590.")
c.turn("再看一下这个客户账户现在总共欠多少", "follow_up",
  [("get_customer_account", {"customer_id": "CU-2210"}, {"customer_id": "CU-2210", "name": "Brightline Homewares Ltd", "credit_limit": {"currency": "USD", "amount": 120000}, "outstanding_balance": 97100.3, "overdue_balance": 17860.0, "payment_terms": "NET30"})],
  "Brightline 目前总欠款 USD 97,100.30（其中逾期 USD 17,860），信用额度 USD 120,000。")
c.turn("ok 👍", "closing", [], "好的，有需要再叫我。")
convs.append(c)

# c05
c = Conv("ff-c05", "en", "booking cancel by reference, then chained void")
c.turn("what bookings do we have on SH-29015?", "first",
  [("list_bookings", {"shipment_id": "SH-29015"}, {"bookings": [
      {"booking_id": "BK-55187", "carrier_scac": "MSCU", "status": "confirmed", "vessel_voyage": "MSC TINA 549E", "etd": "2026-12-09", "containers": [{"type": "20GP", "quantity": 1}]},
      {"booking_id": "BK-55201", "carrier_scac": "COSU", "status": "confirmed", "vessel_voyage": "COSCO PRIDE 078E", "etd": "2026-12-10", "containers": [{"type": "20GP", "quantity": 1}]},
      {"booking_id": "BK-54990", "carrier_scac": "CMDU", "status": "cancelled", "vessel_voyage": "CMA CGM RIGEL 0FX3E", "etd": "2026-12-02", "containers": [{"type": "20GP", "quantity": 1}]}]})],
  "There are three bookings on SH-29015: BK-55187 with MSC (confirmed, MSC Tina, ETD 9 Dec), BK-55201 with COSCO (confirmed, COSCO Pride, ETD 10 Dec) and BK-54990 with CMA CGM, which is already cancelled. So two live bookings for the same single 20GP.")
c.turn("cancel the MSC one, we're keeping cosco", "reference",
  [("cancel_booking", {"booking_id": "BK-55187", "reason": "Duplicate booking - shipment moving with COSCO BK-55201"},
    {"booking_id": "BK-55187", "status": "cancelled", "carrier_ack": "pending", "cancellation_fee": {"currency": "USD", "amount": 0, "note": "before documentation cut-off"}})],
  "BK-55187 (MSC) is cancelled. The carrier acknowledgement is pending. No cancellation fee was charged because it was before the documentation cut-off. BK-55201 with COSCO stays.")
c.turn("did that cost us anything?", "answered", [], "No. The cancellation fee is USD 0 because we cancelled before MSC's documentation cut-off.")
c.turn("ok. also void INV-260455 if nothing's been paid on it, it went to the wrong customer", "chain",
  steps=[[("get_invoice", {"invoice_id": "INV-260455"}, {"invoice_id": "INV-260455", "customer_id": "CU-3307", "shipment_id": "SH-29015", "total": 1480.0, "currency": "USD", "paid": 0, "balance": 1480.0, "status": "open"})],
         [("void_invoice", {"invoice_id": "INV-260455", "reason": "Raised on wrong customer (CU-3307)"}, {"invoice_id": "INV-260455", "status": "void", "voided_at": "2026-12-03T21:12:44Z"})]],
  reply="INV-260455 (USD 1,480, customer CU-3307) had no payments, so I voided it. Do you want me to raise it again on the correct customer?")
c.turn("not now, thanks", "closing", [], "Okay, leaving it there.")
convs.append(c)

# c06
c = Conv("ff-c06", "zh", "customs draft, confirm submit, correction to another shipment")
c.turn("SH-29015 的出口报关单建一个草稿，报关行华贸，申报价值 USD 42,600", "first",
  [("create_customs_declaration", {"shipment_id": "SH-29015", "direction": "export", "broker": "华贸报关", "declared_value": 42600, "currency": "USD"},
    {"declaration_id": "CD-88277", "status": "draft", "customs_office": "2248 洋山海关", "warnings": ["packing list gross weight 9,820 kg differs from shipment 9,800 kg"]})],
  "已建草稿 CD-88277（洋山海关）。有一个提示：装箱单毛重 9,820 kg 与运单 9,800 kg 不一致。要现在申报吗？")
c.turn("重量差20公斤没关系，在允许范围内。申报吧", "confirmation",
  [("submit_customs_declaration", {"declaration_id": "CD-88277"}, {"declaration_id": "CD-88277", "status": "submitted", "customs_entry_no": "220820261000458731", "submitted_at": "2026-12-03T13:20:05+08:00"})],
  "已申报，海关编号 220820261000458731。")
c.turn("现在状态呢？", "follow_up",
  [("get_customs_declaration_status", {"declaration_id": "CD-88277"}, {"declaration_id": "CD-88277", "status": "accepted", "receipts": [{"code": "C01", "text": "申报成功", "at": "2026-12-03T13:20:40+08:00"}, {"code": "R03", "text": "布控查验", "at": "2026-12-03T13:41:12+08:00"}], "inspection": {"type": "机检", "location": "洋山四期查验场"}})],
  "CD-88277 已受理，但 13:41 收到“布控查验”回执：需要机检，地点在洋山四期查验场。")
c.turn("不是这个，我问的是 SH-29420 那票的报关单", "correction",
  [("get_customs_declaration_status", {"shipment_id": "SH-29420"}, {"declaration_id": "CD-88102", "status": "released", "receipts": [{"code": "C01", "text": "申报成功", "at": "2026-11-19T10:02:00+08:00"}, {"code": "P01", "text": "放行", "at": "2026-11-19T15:30:00+08:00"}], "inspection": None})],
  "SH-29420 的报关单 CD-88102 已于11月19日 15:30 放行，没有查验。")
c.turn("机检一般要多久啊？", "advice", [], "机检一般比较快，排上队后半天到一天就能出结果。如果机检发现异常转人工开箱，通常要多 1–3 个工作日，具体看查验场排队和柜子位置。建议提前通知客户和车队。")
c.turn("好的谢谢", "closing", [], "不客气！")
convs.append(c)

# c07
alerts = []
ctr_prefix = ["MSCU", "TGHU", "CMAU", "OOLU", "MSKU", "TCLU", "BEAU", "SEGU", "FCIU", "CSNU"]
for i in range(15):
    cn = f"{ctr_prefix[i%10]}{R.randrange(1000000, 9999999)}"
    alerts.append({"alert_id": f"AL-{90310+i}", "type": "demurrage", "severity": "critical" if i < 5 else "warning", "container_number": cn,
                   "shipment_id": f"SH-{28100 + i*17}", "port": R.choice(["DEHAM", "NLRTM", "GBFXT", "USLAX", "AUSYD"]), "free_time_ends": f"2026-12-{(3+i//3):02d}", "days_left": i//3})
alerts[1].update({"container_number": "MSCU4419023", "shipment_id": "SH-28140", "port": "NLRTM"})
c = Conv("ff-c07", "en", "alerts list, reference second item, customer lookup, subscription")
c.turn("any demurrage alerts right now?", "first",
  [("list_alerts", {"alert_type": "demurrage"}, {"count": len(alerts), "alerts": alerts})],
  "There are 15 demurrage alerts. 5 are critical, with free time ending today or tomorrow. The other 10 are warnings with 1–4 days of free time left.")
c.turn("details on the 2nd container", "reference",
  [("get_container", {"container_number": "MSCU4419023"}, {"container_number": "MSCU4419023", "type": "40HC", "shipment_id": "SH-28140", "customer_id": "CU-4018", "location": "NLRTM ECT Delta", "status": "discharged, not picked up", "free_time": {"demurrage_free_days": 5, "free_time_ends": "2026-12-03", "daily_rate_eur": 145}, "seal": "ML-4482013", "vgm_kg": 22870})],
  "MSCU4419023 (40HC, SH-28140) is discharged at ECT Delta in Rotterdam and has not been picked up. Free time ends today, 3 Dec. From tomorrow demurrage runs at EUR 145 per day.")
c.turn("who's the contact at that customer? I'll call them", "reference",
  [("get_customer_account", {"customer_id": "CU-4018"}, {"customer_id": "CU-4018", "name": "Van der Berg Retail B.V.", "contacts": [{"name": "Pieter de Wit", "role": "logistics", "phone": "+31 10 555 0142", "email": "p.dewit@vdberg-retail.example"}, {"name": "Anouk Smit", "role": "finance", "email": "finance@vdberg-retail.example"}], "payment_terms": "NET45"})],
  "CU-4018 is Van der Berg Retail B.V. Logistics contact: Pieter de Wit, +31 10 555 0142, p.dewit@vdberg-retail.example.")
c.turn("set up an email alert to ops-sha@blueriver-fwd.example for demurrage on that customer so this doesn't happen again", "follow_up",
  [("create_alert_subscription", {"customer_id": "CU-4018", "alert_type": "demurrage", "channel": "email", "recipient": "ops-sha@blueriver-fwd.example"},
    {"subscription_id": "SUB-7824", "active": True})],
  "Done. Subscription SUB-7824 will e-mail ops-sha@blueriver-fwd.example whenever a demurrage alert fires for Van der Berg Retail.")
c.turn("cheers", "closing", [], "Anytime.")
convs.append(c)

# c08
docs = [{"document_id": "DOC-771190", "doc_type": "commercial_invoice", "filename": "CI_FJL-2026-118.pdf", "uploaded_at": "2026-11-28T02:11:00Z", "uploaded_by": "shipper portal"},
        {"document_id": "DOC-771191", "doc_type": "packing_list", "filename": "PL_FJL-2026-118.pdf", "uploaded_at": "2026-11-28T02:11:30Z", "uploaded_by": "shipper portal"},
        {"document_id": "DOC-771203", "doc_type": "commercial_invoice", "filename": "CI_FJL-2026-118 (1).pdf", "uploaded_at": "2026-11-28T02:14:09Z", "uploaded_by": "shipper portal"},
        {"document_id": "DOC-771240", "doc_type": "msds", "filename": "MSDS_varnish.pdf", "uploaded_at": "2026-11-29T08:40:00Z", "uploaded_by": "j.liu"},
        {"document_id": "DOC-771255", "doc_type": "bl", "filename": "HBL_draft_v1.pdf", "uploaded_at": "2026-11-30T03:00:00Z", "uploaded_by": "system"},
        {"document_id": "DOC-771256", "doc_type": "bl", "filename": "HBL_draft_v2.pdf", "uploaded_at": "2026-12-01T06:22:00Z", "uploaded_by": "system"},
        {"document_id": "DOC-771301", "doc_type": "certificate_of_origin", "filename": "CO_Form_A.pdf", "uploaded_at": "2026-12-02T01:05:00Z", "uploaded_by": "j.liu"},
        {"document_id": "DOC-771322", "doc_type": "photo", "filename": "loading_IMG_2231.jpg", "uploaded_at": "2026-12-02T07:45:00Z", "uploaded_by": "warehouse"}]
c = Conv("ff-c08", "mixed", "documents, reference delete, B/L with correction")
c.turn("SH-31044 有哪些 documents？", "first",
  [("list_documents", {"shipment_id": "SH-31044"}, {"shipment_id": "SH-31044", "documents": docs})],
  "SH-31044 共8个文件：商业发票两份（DOC-771190 和 DOC-771203，文件名只差一个“(1)”，看起来是重复上传），装箱单、MSDS、提单草稿 v1/v2、原产地证，还有一张装柜照片。")
c.turn("把重复的那个CI删掉", "reference",
  [("delete_document", {"document_id": "DOC-771203"}, {"document_id": "DOC-771203", "deleted": True})],
  "已删除重复的商业发票 DOC-771203，保留 DOC-771190。")
c.turn("now generate the final B/L, 3 originals", "switch",
  [("generate_bill_of_lading", {"shipment_id": "SH-31044", "version": "final", "original_count": 3}, {"document_id": "DOC-771340", "bl_number": "BRFSHA2612044", "version": "final", "original_count": 3, "pdf_url": "https://docs.blueriver.example/bl/BRFSHA2612044.pdf"})],
  "正本提单 BRFSHA2612044 已生成（final，3份正本）。")
c.turn("sorry my bad, customer wants telex release not originals", "correction",
  [("generate_bill_of_lading", {"shipment_id": "SH-31044", "version": "final", "original_count": 0, "telex_release": True}, {"document_id": "DOC-771341", "bl_number": "BRFSHA2612044", "version": "final", "original_count": 0, "telex_release": True, "supersedes": "DOC-771340", "pdf_url": "https://docs.blueriver.example/bl/BRFSHA2612044-TLX.pdf"})],
  "已改为电放：BRFSHA2612044 重新生成为 telex release 版本（DOC-771341），替代之前的3正本版本。")
c.turn("one line explaining telex release to the consignee? english", "advice", [],
  "\"The bill of lading has been surrendered at origin (telex release), so you can collect the cargo at destination without presenting an original B/L — just quote B/L no. BRFSHA2612044.\"")
c.turn("thx 好的", "closing", [], "不客气！")
convs.append(c)
