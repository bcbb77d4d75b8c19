from lib import *
C = []

# c01 -----------------------------------------------------------------
c = Conv("ta-c01", "en", note="customer lookup, long booking list, reference to one row, ticketing on confirmation")
c.u("Can you pull up what Hannah Kowalski has booked with us from now on? She's on the phone.", ["search_customers", "list_bookings"], "first")
c.call(("search_customers", {"query": "Hannah Kowalski", "limit": 5},
  {"results": [{"customer_id": "CU-10618", "name": "KOWALSKI/HANNAH MS", "phone": "+48 601 224 918", "email": "hannah.k@poczta.example", "vip_tier": "gold"},
               {"customer_id": "CU-11240", "name": "KOWALSKI/HANNA MS", "phone": "+86 139 1602 7731", "email": "hanna.kow@mail.example", "vip_tier": None}]}))
c.a("Two matches: CU-10618 Hannah Kowalski (gold, Polish mobile +48 601 224 918) and CU-11240 Hanna Kowalski (Chinese mobile). I'll use CU-10618, the gold-tier Hannah — tell me if it's the other one.")
rows = [
 ("BK-5018","tour","2026-12-12","2026-12-15","Harbin Ice Festival 4D","confirmed", 9800),
 ("BK-5044","flight","2026-12-19","2026-12-19","PVG-DPS GA895","on_hold", 4320),
 ("BK-5045","hotel","2026-12-19","2026-12-26","Alaya Resort Ubud, deluxe","confirmed", 11760),
 ("BK-5046","flight","2026-12-26","2026-12-26","DPS-PVG GA894","on_hold", 3980),
 ("BK-5071","hotel","2027-01-08","2027-01-10","Hotel Okura Tokyo, twin","confirmed", 5400),
 ("BK-5072","flight","2027-01-08","2027-01-12","PVG-HND-PVG NH920/NH919","ticketed", 3650),
 ("BK-5103","tour","2027-02-14","2027-02-21","Lapland aurora 8D TR-FI-0214","confirmed", 26800),
 ("BK-5104","flight","2027-02-13","2027-02-22","PVG-HEL-RVN AY058/AY531","ticketed", 11240),
 ("BK-5130","hotel","2027-03-03","2027-03-05","Shangri-La Chengdu","confirmed", 1980),
 ("BK-5131","flight","2027-03-03","2027-03-05","SHA-CTU-SHA MU5401/MU5402","on_hold", 1560),
 ("BK-5162","package","2027-04-28","2027-05-05","Kyoto & Osaka family package","confirmed", 34500),
]
c.call(("list_bookings", {"customer_id": "CU-10618", "travel_from": "2026-12-03"},
  {"customer_id": "CU-10618", "page": 1, "total": len(rows), "bookings": [
    {"booking_ref": r[0], "product": r[1], "travel_start": r[2], "travel_end": r[3], "summary": r[4], "status": r[5], "total_cny": r[6]} for r in rows]}))
c.a("Hannah (CU-10618) has 11 upcoming bookings:\n- Dec 12–15: Harbin Ice Festival tour (BK-5018), confirmed\n- Dec 19–26 Bali: flights PVG–DPS (BK-5044) and DPS–PVG (BK-5046) both **on hold**, Alaya Resort Ubud (BK-5045) confirmed\n- Jan 8–12 Tokyo: flights ticketed (BK-5072), Hotel Okura confirmed (BK-5071)\n- Feb 13–22 Lapland: tour BK-5103 confirmed, flights BK-5104 ticketed\n- Mar 3–5 Chengdu: hotel BK-5130 confirmed, flights BK-5131 on hold\n- Apr 28–May 5: Kyoto & Osaka family package BK-5162 confirmed\nThe Bali flights are the most urgent open item.")
c.u("yeah she's asking about Bali. what's the status on the outbound one?", ["get_booking_status"], "reference")
c.call(("get_booking_status", {"booking_ref": "BK-5044"},
  {"booking_ref": "BK-5044", "pnr": "K7QW2M", "pnr_status": "HK", "ticketed": False, "ticketing_time_limit": "2026-12-04T23:59:00+08:00",
   "segments": [{"flight": "GA895", "from": "PVG", "to": "DPS", "dep": "2026-12-19T10:25", "arr": "2026-12-19T16:05", "status": "HK", "schedule_change": None}],
   "payment_recorded": True}))
c.a("BK-5044 (GA895 PVG→DPS, 19 Dec 10:25) is confirmed by the airline (HK, PNR K7QW2M) but **not ticketed yet**. Payment is already recorded, and the ticketing time limit is tomorrow, 4 Dec, 23:59 Shanghai time. Shall I issue the ticket now?")
c.u("when did you say the deadline was again? tomorrow midnight?", [], "answered")
c.a("Yes. The ticketing time limit is 2026-12-04 at 23:59 (UTC+8). After that the airline can cancel the seats without notice.")
c.u("ok she's fine with it, go ahead and ticket it. she paid by card", ["issue_ticket"], "confirmation")
c.call(("issue_ticket", {"booking_ref": "BK-5044", "form_of_payment": "customer_card"},
  {"booking_ref": "BK-5044", "status": "ticketed", "tickets": [{"passenger": "KOWALSKI/HANNAH MS", "ticket_number": "126-2418830412"}], "issued_at": "2026-12-03T18:32:10+08:00"}))
c.a("Done: BK-5044 is ticketed. E-ticket 126-2418830412 for KOWALSKI/HANNAH MS. The return BK-5046 is still on hold if you want to ticket that as well.")
c.u("perfect thanks, that's it for her", [], "closing")
c.a("You're welcome. Reminder: BK-5046 (DPS–PVG) and BK-5131 (Chengdu) are still on hold.")
C.append(c)

# c02 -----------------------------------------------------------------
c = Conv("ta-c02", "zh", note="签证要求查询 → 追问 → 为客户开申请 → 回答已知 → 结束")
c.u("中国护照去英国旅游，现在要什么签证？办下来大概多久？", ["check_visa_requirements"], "first")
c.call(("check_visa_requirements", {"nationality": "CN", "destination": "GB", "purpose": "tourism"},
  {"nationality": "CN", "destination": "GB", "visa_required": True, "visa_type": "Standard Visitor visa (6 months)", "visa_free_days": 0,
   "documents": ["护照原件（有效期覆盖停留期）", "在职证明/营业执照", "近6个月银行流水", "行程单与酒店预订", "户口本复印件"],
   "biometrics": "需本人到 VFS 签证中心录指纹", "processing_days_typical": "15个工作日", "priority_service": "5个工作日，加急费另付", "fee": "GBP 127", "updated": "2026-11-20"}))
c.a("中国护照去英国旅游需要办**标准访客签证**（6个月多次）：\n- 材料：护照原件、在职证明/营业执照、近6个月银行流水、行程单和酒店预订、户口本复印件\n- 本人需要到 VFS 签证中心录指纹\n- 常规约15个工作日，优先服务约5个工作日（加急费另付）\n- 签证费 GBP 127")
c.u("那如果是去法国呢？申根的", ["check_visa_requirements"], "follow_up")
c.call(("check_visa_requirements", {"nationality": "CN", "destination": "FR", "purpose": "tourism"},
  {"nationality": "CN", "destination": "FR", "visa_required": True, "visa_type": "Schengen C (short stay)", "visa_free_days": 0,
   "documents": ["护照原件（回国后仍有3个月以上有效期）", "申根签证申请表", "覆盖3万欧元的旅游保险", "往返机票预订", "全程酒店预订", "在职证明", "银行流水"],
   "biometrics": "需到 TLScontact 录指纹（59个月内录过可免）", "processing_days_typical": "10-15个工作日", "earliest_submission": "出发前6个月", "fee": "EUR 90"}))
c.a("法国是申根C类短期签证：\n- 材料：护照（回国后仍有3个月以上有效期）、申请表、保额3万欧元以上的旅游保险、往返机票和全程酒店预订、在职证明、银行流水\n- 去 TLScontact 录指纹（59个月内录过的可免）\n- 一般10–15个工作日，最早可以出发前6个月递交\n- 签证费 EUR 90")
c.u("好，给客户刘芳开一个法国的申请吧，她1月20号出发，订单是BK-5139", ["search_customers", "create_visa_application"], "chain")
c.call(("search_customers", {"query": "刘芳"},
  {"results": [{"customer_id": "CU-10952", "name": "LIU/FANG MS", "name_zh": "刘芳", "phone": "+86 137 6120 4489", "email": "liufang88@mail.example"}]}))
c.call(("create_visa_application", {"customer_id": "CU-10952", "destination": "FR", "visa_type": "schengen_c", "travel_date": "2027-01-20", "booking_ref": "BK-5139"},
  {"application_id": "VA-2244", "customer_id": "CU-10952", "status": "documents_pending",
   "checklist": ["护照原件", "申请表（系统已预填，需客户签字）", "旅游保险保单", "在职证明（中英文）", "近6个月银行流水（盖章）", "2寸白底照片2张"],
   "latest_submission_date": "2026-12-30", "assigned_to": "visa_desk_02"}))
c.a("已为刘芳（CU-10952）创建法国申根C签申请 **VA-2244**，关联订单 BK-5139，状态“待交材料”。需要她准备：护照原件、签字的申请表、旅游保险保单、中英文在职证明、盖章的近6个月银行流水、2寸白底照片2张。最晚 12月30日 前要递交。")
c.u("最晚哪天要交材料来着？", [], "answered")
c.a("最晚 2026-12-30 需要递交，建议让她 12月20日前把材料寄到，留出预审和预约时间。")
c.u("行，谢谢", [], "closing")
c.a("不客气，有需要随时找我。")
C.append(c)

# c03 -----------------------------------------------------------------
c = Conv("ta-c03", "mixed", note="duplicate payment → refund on confirmation → message customer")
c.u("BK-4990 的 payments 帮我看一下，客人说她付了两次", ["list_payments"], "first")
c.call(("list_payments", {"booking_ref": "BK-4990"},
  {"booking_ref": "BK-4990", "currency": "CNY", "booking_total": 9650.0, "payments": [
    {"payment_id": "PM-88120", "date": "2026-11-02T11:20:44+08:00", "method": "wechat_pay", "amount": 3200.0, "status": "paid", "note": "deposit"},
    {"payment_id": "PM-88734", "date": "2026-11-28T21:05:13+08:00", "method": "alipay", "amount": 6450.0, "status": "paid", "note": "balance"},
    {"payment_id": "PM-88735", "date": "2026-11-28T21:05:59+08:00", "method": "alipay", "amount": 3200.0, "status": "paid", "note": "payment link PL-5521 (deposit link re-used)"}],
   "total_paid": 12850.0, "balance": -3200.0}))
c.a("她说得对。BK-4990 总价 9,650 元，但收到了 12,850 元：\n- PM-88120 11/02 微信 3,200（定金）\n- PM-88734 11/28 支付宝 6,450（尾款）\n- PM-88735 11/28 支付宝 3,200 —— 她用了旧的定金付款链接 PL-5521 又付了一次\n多收 3,200 元。")
c.u("所以是哪一笔多了？要退哪个？", [], "answered")
c.a("多出来的是 PM-88735（11/28 21:05 支付宝 3,200 元，用的旧定金链接）。要我把这 3,200 元原路退到她的支付宝吗？")
c.u("yes refund it, reason duplicate payment", ["process_refund"], "confirmation")
c.call(("process_refund", {"booking_ref": "BK-4990", "amount": 3200.0, "currency": "CNY", "reason": "duplicate payment PM-88735 via old deposit link"},
  {"refund_id": "RF-3318", "booking_ref": "BK-4990", "amount": 3200.0, "currency": "CNY", "method": "alipay", "original_payment": "PM-88735", "status": "submitted", "expected_arrival": "1-3 business days"}))
c.a("退款已提交：RF-3318，3,200 元原路退回支付宝（对应 PM-88735），预计 1–3 个工作日到账。")
c.u("给她发个微信说一下吧，客户号 CU-10531", ["send_customer_message"], "switch")
c.call(("send_customer_message", {"customer_id": "CU-10531", "channel": "wechat", "booking_ref": "BK-4990",
  "body": "您好，经核实您11月28日通过旧付款链接重复支付了3,200元，我们已为您原路退回支付宝（退款单号RF-3318），预计1-3个工作日到账。给您带来不便深表歉意！"},
  {"message_id": "MSG-771203", "status": "delivered", "channel": "wechat", "sent_at": "2026-12-03T18:40:02+08:00"}))
c.a("微信已送达（MSG-771203），告知了重复支付、退款单号 RF-3318 和到账时间。")
c.u("ok thx. 顺便问下，旧的付款链接以后怎么避免被重复用？有什么建议", [], "advice")
c.a("几个做法：1）定金链接设置较短有效期（比如 24–48 小时），付款后立即失效；2）发尾款时在消息里明确写“请勿使用之前的链接”；3）财务每天对账时，对同一订单总额超过订单金额的情况设提醒；4）尽量每个订单只保留一个有效链接，新链接生成时作废旧的。")
C.append(c)

# c04 -----------------------------------------------------------------
c = Conv("ta-c04", "en", note="flight search, correction of origin airport, reference to an option, advice")
c.u("flights Shanghai to Singapore on 20 Dec for 1 adult, economy", ["search_flights"], "first")
def offers(origin, lst):
    return {"origin": origin, "destination": "SIN", "depart_date": "2026-12-20", "currency": "CNY", "offers": [
        {"offer_id": o, "carrier": cr, "flights": f, "dep": d, "arr": a, "stops": st, "fare": p, "baggage": "1PC 23kg" if cr != "TR" else "none", "refundable": rf} for (o, cr, f, d, a, st, p, rf) in lst]}
c.call(("search_flights", {"origin": "PVG", "destination": "SIN", "depart_date": "2026-12-20", "adults": 1, "cabin": "economy"},
  offers("PVG", [("OF-9A1C", "SQ", "SQ833", "09:40", "15:10", 0, 3180, False), ("OF-9A1D", "MU", "MU567", "08:05", "13:35", 0, 2460, False),
                 ("OF-9A1E", "TR", "TR189", "01:50", "07:25", 0, 1690, False), ("OF-9A1F", "SQ", "SQ827", "14:05", "19:35", 0, 3390, True),
                 ("OF-9A20", "CX", "CX367/CX715", "07:30", "16:20", 1, 2210, False), ("OF-9A21", "HO", "HO1605", "13:15", "18:50", 0, 1980, False)])))
c.a("From Pudong (PVG) on 20 Dec, 1 adult economy:\n1. MU567 08:05→13:35 direct, ¥2,460\n2. SQ833 09:40→15:10 direct, ¥3,180\n3. HO1605 13:15→18:50 direct, ¥1,980\n4. SQ827 14:05→19:35 direct, ¥3,390 (refundable)\n5. CX367/715 via HKG 07:30→16:20, ¥2,210\n6. TR189 01:50→07:25 direct, ¥1,690 (no bag)")
c.u("no sorry, she lives in Minhang — from Hongqiao SHA, not Pudong", ["search_flights"], "correction")
c.call(("search_flights", {"origin": "SHA", "destination": "SIN", "depart_date": "2026-12-20", "adults": 1, "cabin": "economy"},
  offers("SHA", [("OF-9B02", "MU", "MU5031", "10:20", "15:55", 0, 2590, False), ("OF-9B03", "FM", "FM833/SQ805", "07:00", "15:30", 1, 2380, False),
                 ("OF-9B04", "CZ", "CZ3590/CZ353", "08:10", "17:45", 1, 2050, False)])))
c.a("From Hongqiao (SHA) on 20 Dec there are fewer options:\n1. MU5031 10:20→15:55 direct, ¥2,590\n2. FM833 + SQ805 via PEK 07:00→15:30, ¥2,380\n3. CZ3590 + CZ353 via CAN 08:10→17:45, ¥2,050\nOnly the MU5031 is direct.")
c.u("hold the direct one for Grace Lim, CU-10771", ["create_booking"], "reference")
c.call(("create_booking", {"customer_id": "CU-10771", "offer_id": "OF-9B02", "travellers": ["LIM/GRACE MS"], "hold_only": True},
  {"booking_ref": "BK-5192", "status": "on_hold", "pnr": "MZ4R8T", "ticketing_time_limit": "2026-12-05T18:00:00+08:00", "total": 2590.0, "currency": "CNY",
   "segments": [{"flight": "MU5031", "from": "SHA", "to": "SIN", "dep": "2026-12-20T10:20"}]}))
c.a("Held: BK-5192, PNR MZ4R8T, MU5031 SHA→SIN 20 Dec 10:20 for LIM/GRACE MS, ¥2,590. Ticketing time limit is 5 Dec 18:00 — it needs payment and ticketing before then.")
c.u("how do I explain the ticketing time limit to her without sounding like I'm pressuring her?", [], "advice")
c.a("Something like: \"I've reserved the seat for you at today's fare. The airline holds it until Saturday 6pm; if we issue the ticket before then the price is guaranteed, after that the reservation lapses and the fare may change. No pressure — just let me know by Friday so I have time to ticket it.\" Facts, a clear date, and an easy next step.")
c.u("great, thanks!", [], "closing")
c.a("Anytime!")
C.append(c)

# c05 -----------------------------------------------------------------
c = Conv("ta-c05", "zh", note="行程单查看 → 引用调整 → 追加 → 确认发送")
c.u("看一下 BK-5012 的行程单，中文的", ["get_itinerary"], "first")
c.call(("get_itinerary", {"booking_ref": "BK-5012", "format": "json", "language": "zh"},
  {"booking_ref": "BK-5012", "title": "东京·箱根 6日亲子游", "travellers": ["赵磊", "孙悦", "赵一诺(7岁)"], "days": [
    {"day": 1, "date": "2026-12-27", "items": [{"time": "13:40", "title": "抵达羽田 NH968", "location": "HND T3"}, {"time": "15:00", "title": "专车接机", "location": "HND → 新宿"}, {"time": "16:30", "title": "入住 新宿华盛顿酒店"}]},
    {"day": 2, "date": "2026-12-28", "items": [{"time": "09:00", "title": "迪士尼乐园（一日票已含）"}]},
    {"day": 3, "date": "2026-12-29", "items": [{"time": "10:00", "title": "浅草寺、晴空塔"}, {"time": "18:30", "title": "晚餐：叙叙苑 烤肉（已订位4人）", "location": "新宿 Lumine 店"}]},
    {"day": 4, "date": "2026-12-30", "items": [{"time": "09:30", "title": "小田急浪漫特快前往箱根"}, {"time": "15:00", "title": "入住 箱根汤本 天成园"}]},
    {"day": 5, "date": "2026-12-31", "items": [{"time": "10:00", "title": "芦之湖海盗船、大涌谷"}, {"time": "17:00", "title": "返回新宿"}]},
    {"day": 6, "date": "2027-01-01", "items": [{"time": "11:00", "title": "退房"}, {"time": "14:55", "title": "羽田起飞 NH967"}]}]}))
c.a("BK-5012《东京·箱根 6日亲子游》，赵磊一家3口：\n- D1 12/27：13:40 抵达羽田，15:00 专车接机，入住新宿华盛顿酒店\n- D2 12/28：迪士尼乐园一日\n- D3 12/29：浅草寺、晴空塔；18:30 叙叙苑烤肉（4人位）\n- D4 12/30：浪漫特快去箱根，入住天成园\n- D5 12/31：芦之湖海盗船、大涌谷，17:00 返回新宿\n- D6 1/1：11:00 退房，14:55 羽田 NH967 回国")
c.u("第三天那个烤肉晚餐挪到第五天吧，回新宿之后，时间改成19:00", ["update_itinerary"], "reference")
c.call(("update_itinerary", {"booking_ref": "BK-5012", "day": 3, "action": "move", "item": {"title": "晚餐：叙叙苑 烤肉（已订位4人）", "to_day": 5, "time": "19:00", "location": "新宿 Lumine 店", "note": "需联系餐厅改订位日期"}},
  {"booking_ref": "BK-5012", "updated": True, "day": 5, "items": [{"time": "10:00", "title": "芦之湖海盗船、大涌谷"}, {"time": "17:00", "title": "返回新宿"}, {"time": "19:00", "title": "晚餐：叙叙苑 烤肉（已订位4人）", "note": "需联系餐厅改订位日期"}], "warning": "餐厅订位未同步修改，请联系供应商"}))
c.a("已挪到第5天 19:00（返回新宿之后）。注意：系统提示餐厅那边的订位没有自动改，需要另外联系叙叙苑把订位从 12/29 改到 12/31。")
c.u("再在第六天早上加一个 08:30 的送机专车，新宿到羽田", ["update_itinerary"], "follow_up")
c.call(("update_itinerary", {"booking_ref": "BK-5012", "day": 6, "action": "add", "item": {"time": "08:30", "title": "专车送机", "location": "新宿华盛顿酒店 → HND T3"}},
  {"booking_ref": "BK-5012", "updated": True, "day": 6, "items": [{"time": "08:30", "title": "专车送机", "location": "新宿华盛顿酒店 → HND T3"}, {"time": "11:00", "title": "退房"}, {"time": "14:55", "title": "羽田起飞 NH967"}],
   "warning": "08:30 送机早于 11:00 退房，请确认顺序"}))
c.a("已加上第6天 08:30 专车送机（新宿华盛顿酒店→羽田T3）。不过系统提示 08:30 送机早于原来写的 11:00 退房——航班 14:55 起飞，要不要把送机改到 11:30，或者把退房时间改成 08:15？改好后我可以把行程单发给客人。")
c.u("送机改成11:30。然后发给客人吧，微信", ["update_itinerary", "send_itinerary"], "confirmation")
c.call(("update_itinerary", {"booking_ref": "BK-5012", "day": 6, "action": "edit", "item": {"title": "专车送机", "time": "11:30"}},
  {"booking_ref": "BK-5012", "updated": True, "day": 6, "items": [{"time": "11:00", "title": "退房"}, {"time": "11:30", "title": "专车送机"}, {"time": "14:55", "title": "羽田起飞 NH967"}]}))
c.call(("send_itinerary", {"booking_ref": "BK-5012", "channel": "wechat", "language": "zh"},
  {"booking_ref": "BK-5012", "sent": True, "channel": "wechat", "recipient": "赵磊", "file": "BK-5012_itinerary_zh_v4.pdf"}))
c.a("送机已改为 11:30（11:00 退房之后），最新行程单 BK-5012_itinerary_zh_v4.pdf 已通过微信发给赵磊。别忘了联系叙叙苑改订位日期。")
c.u("好的 辛苦", [], "closing")
c.a("不客气～")
C.append(c)

# c06 -----------------------------------------------------------------
c = Conv("ta-c06", "en", note="contract list (long), reference, opinion, switch to report")
c.u("which supplier contracts run out before end of March 2027?", ["list_supplier_contracts"], "first")
sc = [("SC-087","Hotel Nikko Kyoto","hotel","2027-03-31",20),("SC-091","Bangkok Riverside Hotels Group","hotel","2027-02-28",35),
      ("SC-097","黄山云海地接","dmc","2027-01-31",None),("SC-102","Ubud Green Villas","hotel","2027-03-15",8),
      ("SC-104","Nordic Coach AB","transport","2027-03-31",None),("SC-106","Tokyo Bay Transfer KK","transport","2026-12-31",None),
      ("SC-108","Sapporo Snow DMC","dmc","2027-03-31",None),("SC-110","Jeju Ocean Resort","hotel","2027-02-15",12),
      ("SC-113","Lisbon Old Town Apartments","hotel","2027-01-15",6),("SC-115","安心行旅游保险","insurance","2027-03-31",None),
      ("SC-118","Kyoto Machiya Stays","hotel","2027-02-28",10),("SC-121","Cairo Nile Tours","dmc","2027-03-01",None),
      ("SC-124","Phuket Andaman Beach Hotel","hotel","2027-03-31",25),("SC-126","Seoul Myeongdong Inn","hotel","2027-01-31",15)]
c.call(("list_supplier_contracts", {"expiring_before": "2027-03-31", "status": "active"},
  {"total": len(sc), "contracts": [{"contract_id": a, "supplier": b, "type": t, "valid_to": v, "allotment_rooms": al, "status": "active"} for (a,b,t,v,al) in sc]}))
c.a("14 active contracts expire by 31 Mar 2027. Soonest first:\n- SC-106 Tokyo Bay Transfer KK (transport) — 31 Dec\n- SC-113 Lisbon Old Town Apartments — 15 Jan\n- SC-097 黄山云海地接 (DMC), SC-126 Seoul Myeongdong Inn — 31 Jan\n- SC-110 Jeju Ocean Resort — 15 Feb\n- SC-091 Bangkok Riverside, SC-118 Kyoto Machiya Stays — 28 Feb\n- SC-121 Cairo Nile Tours — 1 Mar; SC-102 Ubud Green Villas — 15 Mar\n- 31 Mar: SC-087 Hotel Nikko Kyoto, SC-104 Nordic Coach, SC-108 Sapporo Snow DMC, SC-115 安心行 insurance, SC-124 Phuket Andaman Beach")
c.u("open the Kyoto machiya one", ["get_supplier_contract"], "reference")
c.call(("get_supplier_contract", {"contract_id": "SC-118"},
  {"contract_id": "SC-118", "supplier": "Kyoto Machiya Stays", "type": "hotel", "valid_from": "2026-03-01", "valid_to": "2027-02-28", "currency": "JPY",
   "net_rates": [{"unit": "2-bedroom machiya", "season": "regular", "net_per_night": 38000}, {"unit": "2-bedroom machiya", "season": "peak (Mar 20-Apr 15, Nov 10-Dec 5)", "net_per_night": 52000},
                 {"unit": "studio townhouse", "season": "regular", "net_per_night": 21000}],
   "allotment_units": 10, "release_days": 21, "cancellation": "free until 30 days; 50% 29-8 days; 100% within 7 days", "payment_terms": "monthly invoice, 30 days",
   "utilisation_2026": {"unit_nights_sold": 412, "unit_nights_allotted": 1150, "pct": 35.8}, "contact": {"name": "Aya Morimoto", "email": "aya@machiya-stays.example"}}))
c.a("SC-118 Kyoto Machiya Stays (1 Mar 2026 – 28 Feb 2027, JPY):\n- Net: 2-bed machiya ¥38,000 regular / ¥52,000 peak; studio townhouse ¥21,000\n- Allotment 10 units, release 21 days\n- Cancellation: free to 30 days, 50% 29–8 days, 100% inside 7 days\n- Payment: monthly invoice, 30 days\n- 2026 usage: 412 of 1,150 allotted unit-nights sold (35.8%)\n- Contact: Aya Morimoto, aya@machiya-stays.example")
c.u("honestly — with 36% utilisation, would you renew it, renegotiate, or let it lapse?", [], "advice")
c.a("I'd renegotiate rather than drop it. 36% is low for a 10-unit allotment, but with 21-day release you're not paying for the unsold nights, so the main cost is the account work. Ask for a smaller allotment (say 5 units) with the same or better peak rates, a shorter release (14 days) and a last-room-availability clause. Kyoto machiya are hard to get at peak, so having a contract is worth something even if you use it little.")
c.u("ok. different thing — how did Japan sell overall this year vs other destinations?", ["get_sales_report"], "switch")
c.call(("get_sales_report", {"period_from": "2026-01-01", "period_to": "2026-11-30", "group_by": "destination"},
  {"period": "2026-01-01..2026-11-30", "currency": "CNY", "rows": [
    {"destination": "Japan", "bookings": 612, "revenue": 8920400, "margin": 1204300, "margin_pct": 13.5},
    {"destination": "Thailand", "bookings": 488, "revenue": 5012800, "margin": 651600, "margin_pct": 13.0},
    {"destination": "Europe (Schengen)", "bookings": 203, "revenue": 7340100, "margin": 1027600, "margin_pct": 14.0},
    {"destination": "Indonesia", "bookings": 171, "revenue": 2466000, "margin": 345200, "margin_pct": 14.0},
    {"destination": "China domestic", "bookings": 940, "revenue": 4310500, "margin": 474100, "margin_pct": 11.0},
    {"destination": "Korea", "bookings": 154, "revenue": 1288300, "margin": 141700, "margin_pct": 11.0},
    {"destination": "Other", "bookings": 97, "revenue": 1980200, "margin": 277200, "margin_pct": 14.0}]}))
c.a("Jan–Nov 2026 by destination: Japan is #1 by revenue (¥8.92M from 612 bookings, margin ¥1.20M / 13.5%). Next: Europe ¥7.34M (14.0%), Thailand ¥5.01M (13.0%), China domestic ¥4.31M from the most bookings (940) but the lowest margin (11%), Indonesia ¥2.47M, Korea ¥1.29M.")
c.u("cool, thanks", [], "closing")
c.a("You're welcome.")
C.append(c)

# c07 -----------------------------------------------------------------
c = Conv("ta-c07", "mixed", note="staff calendar, chain to find customer + book, confirmation message")
c.u("明天 who's free in the afternoon? 看下全组的 calendar", ["get_staff_calendar"], "first")
c.call(("get_staff_calendar", {"staff": "all", "date_from": "2026-12-04", "date_to": "2026-12-04"},
  {"date": "2026-12-04", "staff": [
    {"staff": "lwang", "name": "王丽", "busy": [{"start": "13:00", "end": "15:00", "title": "供应商会议 - 泰好玩"}], "free_afternoon": ["15:00-18:00"]},
    {"staff": "jchen", "name": "陈佳", "busy": [], "leave": "全天年假"},
    {"staff": "mliu", "name": "刘敏", "busy": [{"start": "14:00", "end": "14:30", "title": "CU-10233 到店咨询"}, {"start": "16:00", "end": "17:00", "title": "培训"}], "free_afternoon": ["13:00-14:00", "14:30-16:00", "17:00-18:00"]},
    {"staff": "yzhao", "name": "赵宇", "busy": [{"start": "10:00", "end": "11:00", "title": "visa desk"}], "free_afternoon": ["13:00-18:00"]},
    {"staff": "tbecker", "name": "Tom Becker", "busy": [{"start": "13:30", "end": "17:30", "title": "Airport meet & greet BK-5187"}], "free_afternoon": []}]}))
c.a("明天（12/4）下午：\n- 赵宇 yzhao：13:00–18:00 全空\n- 王丽 lwang：15:00 以后空\n- 刘敏 mliu：13:00–14:00、14:30–16:00、17:00 以后\n- 陈佳 jchen：全天年假\n- Tom：下午在机场接机，没空")
c.u("给李建华先生约 yzhao 下午两点，到店，聊欧洲蜜月", ["search_customers", "schedule_appointment"], "chain")
c.call(("search_customers", {"query": "李建华"},
  {"results": [{"customer_id": "CU-11187", "name": "LI/JIANHUA MR", "name_zh": "李建华", "phone": "+86 186 2103 5540", "created": "2026-11-30"},
               {"customer_id": "CU-09412", "name": "LI/JIANHUA MR", "name_zh": "李建华", "phone": "+86 135 0178 2216", "created": "2023-05-14", "last_trip": "2024-10 Yunnan"}]}))
c.call(("schedule_appointment", {"staff": "yzhao", "customer_id": "CU-11187", "start": "2026-12-04T14:00:00+08:00", "duration_min": 60, "mode": "store", "topic": "欧洲蜜月咨询"},
  {"appointment_id": "AP-6620", "staff": "yzhao", "customer_id": "CU-11187", "start": "2026-12-04T14:00:00+08:00", "end": "2026-12-04T15:00:00+08:00", "mode": "store", "status": "booked"}))
c.a("系统里有两个李建华：CU-11187（11/30 新建的，+86 186 2103 5540）和 CU-09412（2023年的老客户）。新咨询我按 CU-11187 约了：AP-6620，明天 14:00–15:00 赵宇，到店，欧洲蜜月咨询。如果是老客户那位我再改。要我给他发个短信确认吗？")
c.u("yes, 发短信", ["send_customer_message"], "confirmation")
c.call(("send_customer_message", {"customer_id": "CU-11187", "channel": "sms", "body": "李先生您好，已为您预约12月4日（周五）14:00到店咨询欧洲蜜月行程，顾问：赵宇。地址：静安区南京西路1266号恒隆广场2座1803室。如需改期请回复本短信。"},
  {"message_id": "MSG-771248", "status": "sent", "channel": "sms", "to": "+86 186 2103 5540"}))
c.a("短信已发到 +86 186 2103 5540（MSG-771248），包含时间、顾问和门店地址。")
c.u("蜜月去欧洲，12月底你个人推荐哪几个城市？我好先有个概念", [], "advice")
c.a("12月底欧洲偏冷但有圣诞和跨年氛围，适合蜜月的组合：\n- 维也纳 + 布拉格：圣诞市集、音乐会，城市漂亮，交通方便\n- 巴黎 + 瑞士（琉森/因特拉肯）：经典浪漫 + 雪山\n- 罗马 + 佛罗伦萨：天气比中欧暖和，美食多\n- 想看极光可以考虑芬兰罗瓦涅米玻璃屋，价格高、房很紧\n跨年前后酒店贵，最好尽早订。")
c.u("ok thanks 👍", [], "closing")
c.a("不客气！")
C.append(c)

# c08 -----------------------------------------------------------------
c = Conv("ta-c08", "en", note="read booking → answered → cancel on confirmation → refund follow-up → switch to message history")
c.u("pull up BK-4471 please, the Mendes family. they want to cancel, dad's in hospital", ["get_booking"], "first")
c.call(("get_booking", {"booking_ref": "BK-4471"},
  {"booking_ref": "BK-4471", "customer_id": "CU-10148", "lead": "MENDES/RICARDO MR", "status": "ticketed", "currency": "CNY",
   "segments": [{"id": "S1", "type": "flight", "desc": "PVG-LIS via DOH QR871/QR345", "date": "2026-12-22", "tickets": ["157-2411093311", "157-2411093312", "157-2411093313"], "fare_rule": "refund before departure: penalty CNY 1,200 per ticket"},
                {"id": "S2", "type": "hotel", "desc": "Lisbon Old Town Apartments, 3BR, 8 nights", "date": "2026-12-23", "supplier_ref": "LOTA-77812", "cancellation": "free until 2026-12-08"},
                {"id": "S3", "type": "flight", "desc": "LIS-PVG via DOH QR344/QR870", "date": "2026-12-31", "tickets": "same as S1"}],
   "travellers": ["MENDES/RICARDO MR", "MENDES/LUISA MRS", "MENDES/TOMAS MSTR"], "total": 31850.0, "paid": 31850.0, "insurance": None}))
c.a("BK-4471, Mendes family (3 travellers, CU-10148), fully paid ¥31,850:\n- S1/S3 Qatar PVG–LIS–PVG 22–31 Dec, ticketed (157-2411093311/12/13). Refund before departure: ¥1,200 penalty per ticket.\n- S2 Lisbon Old Town Apartments 3BR, 8 nights — free cancellation until 8 Dec.\nNo travel insurance on the booking.")
c.u("so what would they lose in total?", [], "answered")
c.a("If cancelled now: ¥3,600 in airline penalties (3 × ¥1,200); the apartment is still free to cancel. Before any agency service fee, they would get back ¥31,850 − ¥3,600 = ¥28,250. Shall I cancel the whole booking?")
c.u("yes cancel all of it", ["cancel_booking"], "confirmation")
c.call(("cancel_booking", {"booking_ref": "BK-4471", "reason": "medical - lead traveller's father hospitalised"},
  {"booking_ref": "BK-4471", "status": "cancelled", "cancelled_segments": ["S1", "S2", "S3"], "supplier_penalties": {"S1+S3": 3600.0, "S2": 0.0}, "refundable_to_customer": 28250.0, "currency": "CNY"}))
c.a("BK-4471 cancelled (all segments). Supplier penalties ¥3,600 (flights), apartment free. Refundable to the customer: ¥28,250. The customer has not been refunded yet.")
c.u("and refund them the 28,250", ["process_refund"], "follow_up")
c.call(("process_refund", {"booking_ref": "BK-4471", "amount": 28250.0, "currency": "CNY", "reason": "cancellation - medical"},
  {"refund_id": "RF-3321", "booking_ref": "BK-4471", "amount": 28250.0, "currency": "CNY", "method": "bank_transfer", "status": "submitted", "expected_arrival": "3-5 business days"}))
c.a("Refund RF-3321 submitted: ¥28,250 by bank transfer to the original account, expected in 3–5 business days.")
c.u("did we ever email them about travel insurance? want to check before I call", ["list_customer_messages"], "switch")
c.call(("list_customer_messages", {"customer_id": "CU-10148", "channel": "email"},
  {"customer_id": "CU-10148", "messages": [
    {"date": "2026-09-14T10:02", "direction": "out", "subject": "Your Lisbon quote Q-2291", "snippet": "...please find the quote attached. We recommend adding travel insurance (from ¥168 pp)..."},
    {"date": "2026-09-15T21:40", "direction": "in", "subject": "Re: Your Lisbon quote Q-2291", "snippet": "Looks good, we'll go ahead. We have our own insurance through work so no need."},
    {"date": "2026-09-16T09:30", "direction": "out", "subject": "Booking confirmed BK-4471", "snippet": "...booking confirmed and paid. Note: travel insurance declined at customer request..."},
    {"date": "2026-11-20T16:12", "direction": "out", "subject": "Pre-departure information BK-4471", "snippet": "...passports, transfers, weather in Lisbon..."}]}))
c.a("Yes. On 14 Sep the quote recommended travel insurance (from ¥168 pp). On 15 Sep Mr Mendes replied they have insurance through work, and the 16 Sep confirmation notes \"travel insurance declined at customer request\". He may be able to claim the ¥3,600 penalties from his work policy.")
c.u("good to know, that's all", [], "closing")
c.a("Okay. I hope his father recovers soon.")
C.append(c)
CONVS = C
