LONG_EMAIL = """Hi team,

Can someone please look at this before I reply to the customer, it's getting heated. Thread below.

-----Original Message-----
From: Katrin Vogel <k.vogel@nordhafen-trading.example>
Sent: Tuesday, December 1, 2026 09:14
To: ops-sha@blueriver-fwd.example
Cc: Tom Becker <t.becker@nordhafen-trading.example>
Subject: RE: RE: Shipment SH-27790 / PO 4500981123 - ETA Hamburg??

Dear all,

this is now the third time I am asking. Your tracking page still says "in transit" and the ETA was 28 November. Our warehouse booked labour for Monday and nobody came. Our customer in Munich is waiting for the LED panels for a store opening on the 10th.

Please tell me TODAY:
1) where is the container now
2) was the import declaration filed and is the cargo released by customs
3) when can we realistically pick up

If there is a customs inspection we need to know because we must inform our customer.

Best regards
Katrin Vogel
Supply Chain Manager, Nordhafen Trading GmbH

-----Original Message-----
From: Jason Liu <jason.liu@blueriver-fwd.example>
Sent: Friday, November 27, 2026 16:40
To: Katrin Vogel
Subject: RE: Shipment SH-27790 / PO 4500981123 - ETA Hamburg??

Dear Katrin,

Thanks for your patience. The vessel MSC Aurora 546W had a delay in Port Klang due to congestion, the carrier advised new ETA Hamburg 30 Nov. Our Hamburg partner will file the import declaration as soon as the vessel berths. I will keep you posted.

Kind regards,
Jason Liu
Customer Service, Blue River Forwarding (Shanghai)

-----Original Message-----
From: Katrin Vogel
Sent: Thursday, November 26, 2026 11:02
Subject: Shipment SH-27790 / PO 4500981123 - ETA Hamburg??

Hello,
can you confirm the ETA for our shipment? Tracking has not been updated for 6 days.
Thanks, Katrin

---

So: can you check the current status of SH-27790 and whether the import customs declaration has cleared? Then I'll write back to her. Jason is off today."""

LONG_LOG = """our EDI feed for this one looks stuck, pasting what we got from the carrier integration log:

2026-11-18T02:11:09Z INFO  edi.ingest  msg=IFTSTA ref=SH-29420 cntr=OOLU8734120 code=EE  loc=CNNGB desc="Empty equipment dispatched" src=OOLU
2026-11-18T02:11:09Z DEBUG edi.ingest  parsed segments=14 unh=000118234 bgm=23
2026-11-19T07:45:33Z INFO  edi.ingest  msg=IFTSTA ref=SH-29420 cntr=OOLU8734120 code=I   loc=CNNGB desc="Gate in full" src=OOLU
2026-11-21T13:02:51Z INFO  edi.ingest  msg=IFTSTA ref=SH-29420 cntr=OOLU8734120 code=AE  loc=CNNGB desc="Loaded on vessel" vessel="OOCL GERMANY" voy=081W src=OOLU
2026-11-22T01:15:00Z INFO  edi.ingest  msg=IFTSTA ref=SH-29420 cntr=OOLU8734120 code=VD  loc=CNNGB desc="Vessel departure" src=OOLU
2026-11-22T01:15:02Z WARN  edi.map     unknown qualifier DTM+133 ignored
2026-11-27T18:40:12Z INFO  edi.ingest  msg=IFTSTA ref=SH-29420 cntr=OOLU8734120 code=VA  loc=SGSIN desc="Vessel arrival (transhipment)" src=OOLU
2026-11-28T04:22:47Z INFO  edi.ingest  msg=IFTSTA ref=SH-29420 cntr=OOLU8734120 code=UV  loc=SGSIN desc="Discharged (transhipment)" src=OOLU
2026-11-28T04:22:48Z ERROR edi.ingest  connection reset by peer (sftp.oolu.example:22) retry=1
2026-11-28T04:23:18Z ERROR edi.ingest  connection reset by peer (sftp.oolu.example:22) retry=2
2026-11-28T04:23:48Z ERROR edi.ingest  connection reset by peer (sftp.oolu.example:22) retry=3
2026-11-28T04:23:48Z ERROR edi.ingest  giving up after 3 retries, will resume on next poll
2026-11-28T05:00:00Z INFO  edi.poll    poll ok files=0
2026-11-28T06:00:00Z INFO  edi.poll    poll ok files=0
2026-11-29T06:00:00Z INFO  edi.poll    poll ok files=0
2026-11-30T06:00:00Z INFO  edi.poll    poll ok files=0
2026-12-01T06:00:00Z INFO  edi.poll    poll ok files=0
2026-12-02T06:00:00Z INFO  edi.poll    poll ok files=0

nothing since it was discharged in singapore on the 28th. the box is OOLU8734120. can you pull live tracking from OOCL directly so I know if it was loaded on the second vessel?"""

LONG_DRAFT = """帮我把下面这封回复改得专业一点，语气客气但立场要清楚，英文。不用查系统，单纯改文字就行。

客户原邮件：
Dear Blue River,
We received your invoice for the shipment last month and there is a charge called "PSS" for USD 400 per container which was not in your quotation. We also see "THC destination" although our incoterm was FOB Ningbo and the consignee pays destination charges. We consider this unacceptable and request a revised invoice. Also, why did the transit take 41 days when your quote said 30-32 days? We may need to review our cooperation for next year.
Regards, Peter Hansen, Purchasing, Fjordline Interiors AS

我写的回复草稿：
Hi Peter, the PSS is peak season surcharge, carrier charged us so we charge you, it is normal in Nov. Quotation said subject to carrier surcharge, pls see page 2. THC destination you are right we made mistake, we will give you credit note. Transit time is not guaranteed, vessel had congestion in Singapore, not our fault. Hope we continue cooperation, we give you better price next year.
Jason

要求：
1. 解释PSS是承运人收取的旺季附加费，报价单第2页有“subject to carrier surcharges”条款
2. 承认目的港THC是我们的错误，会开贷项通知单冲掉
3. 运输时间是预估，不是保证，新加坡港拥堵导致延误，表示理解客户的困扰
4. 最后表达希望继续合作，可以约个电话谈明年的合同价
5. 不要太长，一屏以内

参考：当时给他们的报价单（QT-2026-0655）第2页原文是这样的：
"Rates valid for cargo loaded on board between 01 Oct 2026 and 30 Nov 2026. Rates are subject to carrier surcharges in effect at the time of shipment, including but not limited to PSS, GRI, EBS, LSS and war risk surcharges. Transit times are estimates provided by the carrier and are not guaranteed. Destination charges are for the account of the consignee unless otherwise agreed in writing. Payment terms: 30 days from invoice date."
另外他们去年一共走了我们大概 140 个柜，是重要客户，老板说这次态度要好，但 PSS 不能免。能不能顺便给个中文版本让我发给老板看一下？谢谢！"""

Q = [
# direct
("can you pull the full record for SH-24817, need the consignee + notify party", ["get_shipment"], "en", "direct"),
("找一下HBL号 SZXHAM2611043 对应的是哪票货", ["find_shipment_by_reference"], "zh", "direct"),
("PO 4500981123 - which shipment is that on?", ["find_shipment_by_reference"], "en", "direct"),
("list all shipments for customer CU-1042 that are currently in transit", ["search_shipments"], "en", "direct"),
("上周从宁波(CNNGB)出发去鹿特丹的整柜有哪些？", ["search_shipments"], "zh", "direct"),
("track container MSKU 7718342 pls, its not one of ours but the customer asked us to check", ["track_container"], "en", "direct"),
("TGHU8823104 现在到哪了？要船公司那边的最新动态", ["track_container"], "zh", "direct"),
(LONG_LOG, ["track_container"], "en", "direct"),
("show me every tracking event for SH-27790 since Nov 20", ["list_tracking_events"], "en", "direct"),
("whats current rates shangahi to LA for a 40HC?", ["get_spot_rates"], "en", "direct"),
("深圳到汉堡 20GP 现在运价大概多少？", ["get_spot_rates"], "zh", "direct"),
("make a quote for Brightline Homewares (CU-2210): 3x40HC Ningbo→Felixstowe FOB, valid till 31 Dec, and email it to them", ["create_quote"], "en", "direct"),
("给客户CU-3307做个报价，上海到新加坡拼箱，CIF，有效期到月底", ["create_quote"], "zh", "direct"),
("QT-2026-0917 what did we quote on that one?", ["get_quote"], "en", "direct"),
("open quotes for sales rep Lina Zhou?", ["list_quotes"], "en", "direct"),
("new job: CU-1042, sea FCL CNSHA to DEHAM, 1200 ctns LED panels HS 9405.42, 18,400 kg, 61 cbm, cargo ready Dec 12, FOB", ["create_shipment"], "en", "direct"),
("book 2x40HC with Maersk (MAEU) for SH-28801, ETD around 15 Dec", ["create_carrier_booking"], "en", "direct"),
("帮SH-29015向中远(COSU)订舱，1个20GP，船期下周三左右", ["create_carrier_booking"], "zh", "direct"),
("show me all our MSC (MSCU) bookings that are in rolled status", ["list_bookings"], "en", "direct"),
("SH-29015 的出口报关单先做个草稿，报关行用华贸", ["create_customs_declaration"], "zh", "direct"),
("submit declaration CD-88213 to customs now, docs are all checked", ["submit_customs_declaration"], "en", "direct"),
("what containers are on SH-24817 and what are the seal nos?", ["list_containers"], "en", "direct"),
("MSCU4419023 还有几天免费期？滞箱费开始算了吗", ["get_container"], "zh", "direct"),
("set VGM 24,310 kg on TCLU 5520917, seal no. CN8812734", ["update_container"], "en", "direct"),
("invoice SH-27790 in USD pls, all unbilled charges", ["create_invoice"], "en", "direct"),
("CU-1042 有哪些逾期没付的发票？", ["list_invoices"], "zh", "direct"),
("issue a credit note of 350 USD on INV-260412, destination THC was charged by mistake", ["issue_credit_note"], "en", "direct"),
("SH-31044 上传了哪些文件？提单草稿有没有在里面", ["list_documents"], "zh", "direct"),
("attach https://files.blueriver.example/ci_29015.pdf as the commercial invoice on SH-29015", ["upload_document"], "en", "direct"),
("出一份SH-28801的提单草稿 draft B/L 给客户确认", ["generate_bill_of_lading"], "mixed", "direct"),
("generate packing list for SH-31044 plz", ["generate_packing_list"], "en", "direct"),
("customer 杭州悦澜纺织 - what's their account id?", ["search_customers"], "mixed", "direct"),
("whats the credit limt and outstanding balance on CU-2210?", ["get_customer_account"], "en", "direct"),
("CU-3307 的付款条件改成月结60天，财务已经批了", ["update_customer_account"], "zh", "direct"),
("有没有快要产生滞箱费的柜子？列一下 critical 的", ["list_alerts"], "mixed", "direct"),
("subscribe ops@brightline.example to customs hold alerts for CU-2210, by email", ["create_alert_subscription"], "en", "direct"),
# multi
(LONG_EMAIL, ["get_shipment_status", "get_customs_declaration_status"], "en", "multi"),
("把SH-27790开票（USD），然后看一下这个客户账户现在欠款多少", ["create_invoice", "get_customer_account"], "zh", "multi"),
("create a shipment for CU-2210, 1x40HC Xiamen (CNXMN) to Felixstowe (GBFXT), 840 ctns ceramic tableware 12,600kg 58cbm, and book it with ONE (ONEY) for the 20th", ["create_shipment", "create_carrier_booking"], "en", "multi"),
("给SH-31044生成提单终稿和装箱单，客户要电放", ["generate_bill_of_lading", "generate_packing_list"], "zh", "multi"),
("check rates Qingdao → Jebel Ali 40HC and then put together a quote for CU-1042 on that lane, 5 boxes", ["get_spot_rates", "create_quote"], "en", "multi"),
("搜一下杭州悦澜纺织的客户资料，再看看他们有没有还没过期的报价", ["search_customers", "list_quotes"], "zh", "multi"),
("find the shipment with MBL MEDUQ7712034 and tell me which containers are on it", ["find_shipment_by_reference", "list_containers"], "en", "multi"),
("SH-29015 进口报关单建好以后直接申报，不用等我确认", ["create_customs_declaration", "submit_customs_declaration"], "zh", "multi"),
# near_destroy
("status of shipment SH-24471?", ["get_shipment_status"], "en", "near_destroy"),
("SH-30112 现在什么状态，到港了没有", ["get_shipment_status"], "zh", "near_destroy"),
("SH-28801 收货人改成 Müller Logistik GmbH, Hamburg，notify party 不变", ["update_shipment"], "mixed", "near_destroy"),
("is booking BK-55120 confirmed yet? need the SI cut-off", ["get_booking"], "en", "near_destroy"),
("INV-260377 的明细和未付金额发我看看", ["get_invoice"], "zh", "near_destroy"),
("报关单 CD-88190 放行了吗？有没有查验", ["get_customs_declaration_status"], "zh", "near_destroy"),
("show me invoice INV-260412, customer says the THC line is wrong - I just want to look at it first", ["get_invoice"], "en", "near_destroy"),
("what bookings do we have on SH-29015?", ["list_bookings"], "en", "near_destroy"),
("SH-27790 备注加一句：customer requests no weekend delivery", ["update_shipment"], "mixed", "near_destroy"),
("before we decide anything about cancelling SH-30558 - what's its current status?", ["get_shipment_status"], "en", "near_destroy"),
# destroy
("cancel shipment SH-30558, customer pulled the order. reason: order cancelled by buyer", ["cancel_shipment"], "en", "destroy"),
("BK-55187 这个订舱取消掉，客户改走空运了", ["cancel_booking"], "zh", "destroy"),
("void INV-260455, it was raised on the wrong customer and nothing has been paid on it", ["void_invoice"], "en", "destroy"),
("撤回报关单 CD-88213，申报价值填错了，原因代码用 R07", ["withdraw_customs_declaration"], "zh", "destroy"),
("delete document DOC-771203 from SH-31044, it's a duplicate upload", ["delete_document"], "en", "destroy"),
("取消订阅 SUB-7781，客户说不想再收短信提醒了", ["delete_alert_subscription"], "zh", "destroy"),
# no_tool
("hi there", [], "en", "no_tool"),
("你好呀，今天忙不忙？", [], "zh", "no_tool"),
("thanks, that's perfect!", [], "en", "no_tool"),
("好的谢谢，辛苦了🙏", [], "zh", "no_tool"),
("what does FOB mean exactly, and how is it different from FCA?", [], "en", "no_tool"),
("CIF和CFR有什么区别？", [], "zh", "no_tool"),
("What's the difference between a house B/L and a master B/L?", [], "en", "no_tool"),
("电放提单是什么意思？和正本提单比有什么风险", [], "zh", "no_tool"),
("write a polite email template for a customer whose invoice is 30 days overdue", [], "en", "no_tool"),
("帮我写一段英文邮件，告诉客户船被甩柜了要延误一周，语气诚恳一点", [], "zh", "no_tool"),
("Write a Python function that validates the check digit of an ISO 6346 container number", [], "en", "no_tool"),
("用正则怎么匹配这种提单号 COSU6123456780？写个 regex 给我", [], "mixed", "no_tool"),
("how is demurrage different from detention?", [], "en", "no_tool"),
("VGM 是什么规定？为什么一定要报", [], "zh", "no_tool"),
("roughly how long is sea transit shanghai to rotterdam, ballpark?", [], "en", "no_tool"),
("你觉得明年一季度海运价格还会涨吗？说说你的看法", [], "zh", "no_tool"),
("explain what a credit note is to a new accounts clerk, simple words please", [], "en", "no_tool"),
("HS编码前六位是国际通用的吗？", [], "zh", "no_tool"),
("how do you translate 'notify party' and 'consignee' into Chinese for our form?", [], "en", "no_tool"),
("in general how does cancelling a booking with a carrier work - usual fees, cut-offs etc? it's for training slides, not a real booking", [], "en", "no_tool"),
("lol ok never mind", [], "en", "no_tool"),
("周末愉快！下周见", [], "zh", "no_tool"),
("Excel formula to calculate chargeable weight for air freight (volumetric divisor 6000)?", [], "en", "no_tool"),
("什么是拼箱(LCL)？适合什么样的货", [], "zh", "no_tool"),
(LONG_DRAFT, [], "mixed", "no_tool"),
]
queries = [{"id": f"ff-q{i+1:03d}", "query": q, "gold": g, "lang": l, "kind": k} for i, (q, g, l, k) in enumerate(Q)]
