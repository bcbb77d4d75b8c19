# Hand-written pasted material (invented people, companies, ids).

EMAIL_KETTLE = """From: Jonas Fischer <jonas.fischer88@mail-demo.example>
To: Lumora Home Support <support@lumora-home.example>
Date: Wed, 26 Nov 2026 19:02:41 +0100
Subject: Re: [TK-561377] Kettle arrived broken - order SO20261118006652

Hi Mia,

thanks for getting back so quickly. To answer your questions:
- yes, the outer box was already dented when DHL handed it over, I have a photo of that too
- the glass body has a crack running from the spout down to the base, it leaks as soon as I fill it
- I did not use it, only filled it once with cold water to test

I honestly don't want my money back, I like the kettle and the colour matches my kitchen. I just want one that works. Can you send a replacement? If you need the broken one back, please send me a return label because I'm not paying postage for something that arrived broken.

Also, small thing: the invoice in the parcel shows VAT of 19% but my order confirmation said prices include VAT - is that the same thing or was I charged twice? My bank app shows only one payment of 54.90 EUR so I guess it's fine.

Best,
Jonas

-----Original Message-----
From: Lumora Home Support <support@lumora-home.example>
Sent: Wednesday, 26 November 2026 10:17
To: jonas.fischer88@mail-demo.example
Subject: [TK-561377] Kettle arrived broken - order SO20261118006652

Hi Jonas,

I'm really sorry to hear your Glass Kettle 1.7L arrived damaged. So that we can sort this out for you, could you please:
1. send us 2-3 photos of the damage (the product and the shipping box)
2. let us know whether you would prefer a replacement or a refund

As soon as we have the photos we'll get back to you within one business day. You don't need to send anything back yet.

Kind regards,
Mia
Lumora Home Customer Care
Ticket: TK-561377 | Order: SO20261118006652

-----Original Message-----
From: Jonas Fischer <jonas.fischer88@mail-demo.example>
Sent: Tuesday, 25 November 2026 21:48
To: support@lumora-home.example
Subject: Kettle arrived broken

Hello,

my order SO20261118006652 (Glass Kettle 1.7L, grey) arrived today and the glass is cracked. The parcel was also damaged. What do I do now? I would like a working kettle before the weekend if possible, my old one is already in the recycling.

Thanks
Jonas Fischer
Schillerstr. 12, 10115 Berlin

--
Sent from my phone

[Attachment: IMG_20261126_1841.jpg (2.1 MB)]
[Attachment: IMG_20261126_1842.jpg (1.8 MB)]
[Attachment: box_outside.jpg (2.4 MB)]

>> Internal note (Mia, 26 Nov 19:20): photos confirm glass crack + crushed corner. Warehouse DE-FRA has 31 in stock. Replacement booked via DHL Paket, tracking will be live tomorrow. No return needed per policy for items < 60 EUR damaged in transit (we claim from DHL).
"""

EMAIL_JACKET_1 = """From: Clara Novak <clara.novak.77@mail-demo.example>
To: hello@lumora-home.example
Date: Thu, 27 Nov 2026 08:11:09 +0100
Subject: Rain jacket - seam torn after 1 week (order SO20261109003180)

Hello,

I bought the Rain Jacket EU42 in black on 9 November (order SO20261109003180). I have worn it maybe five times, only walking to work. Yesterday I noticed the seam under the left arm is completely open, about 8 cm. I attached photos.

This is really disappointing for a jacket that costs 89 EUR. I'm not interested in a repair kit or a discount code, I want to send it back and get my money back. Your website says 30 days return, so I should still be inside that.

Can you please tell me how to return it? I don't have a printer at home, so if there is a label, a QR code for the post office would be better.

Regards
Clara Novak

[Attachment: seam1.jpg] [Attachment: seam2.jpg] [Attachment: label_inside.jpg]

---

From: Lumora Home Support <support@lumora-home.example>
To: clara.novak.77@mail-demo.example
Date: Thu, 27 Nov 2026 12:40:55 +0100
Subject: RE: Rain jacket - seam torn after 1 week (order SO20261109003180)

Dear Clara,

Thank you for your message and the photos, and I'm sorry the jacket let you down. I have passed your case to our returns team, who will confirm the next steps. In the meantime, please keep the jacket and the original tags if you still have them.

If you'd prefer, we can also offer a replacement in the same size and colour - just let us know.

Best regards,
Tomasz
Lumora Home Customer Care
"""

EMAIL_JACKET_2 = """From: Clara Novak <clara.novak.77@mail-demo.example>
To: Lumora Home Support <support@lumora-home.example>
Date: Fri, 28 Nov 2026 18:03:22 +0100
Subject: RE: RE: Rain jacket - seam torn after 1 week (order SO20261109003180)

Hi Tomasz,

No replacement please, I already bought another jacket locally because it's been raining all week. I still have the tags. It's been over a day now - when will the returns team contact me? I saw on your site there is a 'Returns portal' but when I enter my order number it says "Item not eligible - please contact support". Is that because the order was paid with PayPal?

Also I noticed on my PayPal that there is a pending authorisation of 4.95 EUR from "LUMORA*SHIP" - what is that? I hope you are not charging me for the return shipping of a faulty product.

Clara

---

Internal note (Tomasz, 28 Nov 18:20):
Returns portal blocks anything flagged "outerwear - final sale" in the PIM. That flag is wrong for JK-RAIN-*, raised with merchandising (PIM-2231). The 4.95 EUR is the old PayPal auth from the shipping-insurance add-on, it drops after 7 days - not a charge. QC photos look like a real seam failure, not wear. Customer is within 30 days.
"""

CHAT_EXCHANGE_ZH = """【微信客服会话】 渠道：公众号「鹿漫生活馆」  客户：孙小姐（openid: oX9k_2Jd81mPq）  会话ID：WX-CS-20261129-00417  关联工单：TK-562488
----------------------------------------
[2026-11-29 10:02:11] 孙小姐：在吗
[2026-11-29 10:02:35] 客服-小鹿（系统自动）：您好，欢迎来到鹿漫生活馆～请问有什么可以帮您？
[2026-11-29 10:03:02] 孙小姐：我买的卫衣尺码小了，M码穿着很紧，袖子也短
[2026-11-29 10:03:10] 孙小姐：[订单卡片] 订单号 SO20261120004410 | 摇粒绒卫衣 M 藏青 ×1 | 实付 ¥129.00 | 已签收
[2026-11-29 10:04:47] 客服-阿楠：亲，您好～我是阿楠。看到您的订单了，是想退货退款还是换大一码呢？
[2026-11-29 10:05:20] 孙小姐：不退，颜色很喜欢，换个L码吧
[2026-11-29 10:05:41] 孙小姐：要补差价吗？
[2026-11-29 10:06:30] 客服-阿楠：M和L是同价的，不用补差价哦。换货的话您需要把M码寄回来，我们收到后给您发L码，或者我们先发L码也可以～
[2026-11-29 10:07:02] 孙小姐：能先发吗，这周末要穿
[2026-11-29 10:07:15] 孙小姐：运费谁出啊，上次在你们家退个杯子还扣了我12块运费险
[2026-11-29 10:08:40] 客服-阿楠：尺码原因换货寄回运费需要您这边承担哦，不过您买了运费险的话会自动理赔的～我帮您看一下……您这单有运费险，寄回运费会赔付到您的支付宝。
[2026-11-29 10:09:12] 孙小姐：好吧
[2026-11-29 10:09:30] 孙小姐：那L码现在有货吗？别到时候又说缺货退款给我
[2026-11-29 10:10:55] 客服-阿楠：我查了一下，深圳仓L码藏青还有货的，放心～我这边提交换货后会在工单里回复您进度
[2026-11-29 10:11:21] 孙小姐：嗯嗯 尽快哈 谢谢
[2026-11-29 10:11:25] 系统：客户评价本次服务「满意」
[2026-11-29 10:12:03] 客服-阿楠（内部备注）：客户要求先发后退，按VIP2规则可以先发。换 HD-FLEECE-L-NAV ×1，原单行 L1。
----------------------------------------
会话时长 9分52秒 | 消息数 18 | 质检评分 待评"""

CHAT_COMPLAINT_ZH = """【历史会话 2026-10-24】 会话ID：WECOM-20261024-00388  客户：陈小姐  客户号：C-00377120
[2026-10-24 11:02:40] 陈小姐：台灯显示签收了，但我没收到
[2026-10-24 11:02:52] 陈小姐：[订单卡片] SO20261019004105 | LED护眼台灯 ×1 | ¥159.00 | 已签收
[2026-10-24 11:05:13] 客服-阿楠：您好，我这边帮您联系快递核实一下，请稍等～
[2026-10-24 11:20:47] 客服-阿楠：快递员说放在了门卫室，麻烦您去门卫室看看哦
[2026-10-24 11:45:02] 陈小姐：门卫说没有
[2026-10-24 11:46:30] 客服-阿楠：好的，我帮您登记一下，会有专人跟进处理，请您耐心等待
[2026-10-24 11:46:58] 系统：会话结束（未评价）

【企业微信 · 客服工作台】 会话ID：WECOM-20261130-01192  客户：陈小姐  客户号：C-00377120  VIP等级：V1
[2026-11-30 15:31:08] 陈小姐：你们这个包裹到底什么时候到？？
[2026-11-30 15:31:20] 陈小姐：[订单卡片] SO20261122008814 | 超声波加湿器3L ×1 | ¥199.00 | 已发货（顺丰 SF1498820402236）
[2026-11-30 15:32:44] 客服-小周：您好陈小姐，我这边帮您查一下物流哈～
[2026-11-30 15:34:10] 客服-小周：物流显示26号已经派送签收了，签收人是"快递柜"，您看一下小区的丰巢柜有没有呢？
[2026-11-30 15:35:02] 陈小姐：我查了，没有！！取件码都没收到
[2026-11-30 15:35:30] 陈小姐：这是第三次了，上个月买的台灯也是显示签收然后找不到，你们之前说会处理，结果也没人理我
[2026-11-30 15:36:12] 陈小姐：再这样我就去12315投诉了
[2026-11-30 15:37:45] 客服-小周：非常抱歉给您带来不好的体验😣 我马上联系顺丰核实签收情况，一般24小时内给您答复。
[2026-11-30 15:38:20] 陈小姐：上次也是这么说的
[2026-11-30 15:39:01] 客服-小周：理解您的心情，这次我会亲自跟进，核实后如果确认丢件，我们直接给您补发或者退款，您放心。
[2026-11-30 15:39:40] 陈小姐：行吧，给我个说法
[2026-11-30 15:40:02] 系统：客户已离开会话
[2026-11-30 15:41:30] 客服-小周（内部备注）：客户情绪较大，提到12315。需要核实前两次投诉是否有记录。"""

CHAT_NOASK_ZH = """【抖音小店 · 飞鸽客服】 会话 FG-1130-77812  买家：吴**（抖音昵称：吴小胖的日常）
[2026-11-30 21:14:02] 买家：主播说今晚下单送刷头的 我怎么没看到赠品
[2026-11-30 21:14:05] 买家：[商品卡片] 电动牙刷刷头4支装 ×2  ¥59.80
[2026-11-30 21:15:40] 客服-晓晓：亲亲，直播间赠品是在下单页勾选"领取赠品"才会加到订单的哦，您这单没有勾选呢～
[2026-11-30 21:16:12] 买家：那现在能加吗
[2026-11-30 21:16:58] 客服-晓晓：订单已经推送到仓库了，没法修改了哦亲。
[2026-11-30 21:17:20] 买家：那我退了重新拍？
[2026-11-30 21:18:03] 客服-晓晓：亲可以先申请仅退款，未发货会秒退，然后重新下单勾选赠品就可以啦～不过直播间价格23点结束哦
[2026-11-30 21:18:40] 买家：好麻烦啊
[2026-11-30 21:19:11] 买家：算了 就这样吧
[2026-11-30 21:19:15] 系统：买家已结束会话，评价「一般」"""

CHAT_ADDRESS_EN = """[Live chat transcript - Lumora Home website widget]
Session: LC-2026-11-29-88120   Visitor: Hana Voss (logged in, C-00512290)   Agent: Ruben (EU shift)
Started: 2026-11-29 14:20:03 CET   Page: /account/orders/SO20261129005120

14:20:03  System   Hana Voss joined the chat
14:20:18  Hana     hi, quick question about my order from this morning
14:20:41  Ruben    Hi Hana, thanks for reaching out! Happy to help. Is that order SO20261129005120 (Ergonomic Chair Grey)?
14:21:02  Hana     yes that one. i'm moving flats on monday and i just realised i put the old address
14:21:30  Ruben    No problem, that happens a lot. The order hasn't been picked in the warehouse yet, so we can still change the address before it ships.
14:21:55  Hana     oh great. it's a big box right? will it fit in a normal car? the new place has no lift lol
14:22:40  Ruben    It's about 72 x 64 x 35 cm and 19 kg, so a bit heavy. The courier (DHL Freight for bulky items) delivers to the door of the building; for upper floors there is a 2-person delivery upgrade for 19 EUR, but that has to be booked before dispatch.
14:23:15  Hana     no it's fine my brother will help
14:23:31  Hana     also can i still use a discount code? i saw WELCOME15 on instagram after i ordered
14:24:20  Ruben    I'm afraid codes can't be applied after the payment is captured. The chair is also part of the Black Friday sale already, and WELCOME15 doesn't stack with sale prices.
14:24:44  Hana     ok fair
14:25:02  Hana     and if i don't like the chair can i return it? it's heavy to send back
14:25:50  Ruben    Yes, 30-day returns. For bulky items we arrange the pickup, the return shipping is 29 EUR unless the item is faulty. You'd request it from your account page or by messaging us.
14:26:12  Hana     ok. how long does delivery take usually
14:26:40  Ruben    From our Frankfurt warehouse it's usually 2-4 working days for Germany. You'll get an email with the tracking link as soon as it leaves.
14:27:05  Hana     perfect
14:27:20  Ruben    Could you send me the new address exactly as it should appear on the label?
"""

CHAT_ADDRESS_EN_2 = """14:28:47  Hana     Hana Voss
                   Lindenallee 47, 3. OG links
                   50968 Köln
                   Germany
                   phone +49 151 0000 4821
14:29:10  Hana     the doorbell says "Voss/Keller"
14:29:40  Ruben    Got it, thanks. I'll get this updated and you'll receive a confirmation email. Anything else I can help with?
14:30:02  Hana     no that's all, thank you!!
14:30:15  System   Hana Voss left the chat
14:30:15  System   Chat rating: 5/5 "super fast"
14:31:02  Ruben    (internal) Address change pending - escalating to ops since I don't have edit rights on orders. Warehouse DE-FRA wave 3 picks at 17:00.
"""

SUPPLIER_WECOM_1 = """【企业微信】与 东莞鑫锐电子-业务 黄经理 的聊天记录
2026-11-27 09:12  我：黄经理早，PO-2026-0431 那批充电宝（PB-10K-WHT 3000个 + PB-20K-GRY 1500个）原定25号到深圳仓，现在还没到，什么情况？
2026-11-27 10:40  黄经理：早！不好意思啊，电芯那边供应紧张，上周厂里又限电两天，拖了一点。
2026-11-27 10:41  黄经理：白色的10000毫安已经出了1500个，顺丰快运发的，应该昨天就到你们仓了
2026-11-27 10:43  我：仓库说没看到啊。单号发我一下
2026-11-27 11:20  黄经理：[图片] 快运单号 SF7012338841209
2026-11-27 11:21  黄经理：你们仓库收货是不是没扫？上次也是签收了没录系统
2026-11-27 11:25  我：我让仓库查。剩下的什么时候能出？双十二备货等着用
2026-11-27 14:02  黄经理：白色剩下1500个下周二，灰色的20000毫安要到12月8号左右
2026-11-27 14:05  我：8号太晚了，12号活动开始，入库上架至少要两天
2026-11-27 14:30  黄经理：我尽量催，灰色的先分两批，第一批700个4号能出
2026-11-27 14:33  我：质检报告呢？上次那批充电宝有3%外壳有缝，客户投诉了好几单，退货都退到荷兰仓去了
2026-11-27 15:10  黄经理：那批是模具的问题，已经换新模了，这次出货前我让品质拍视频给你
2026-11-27 15:12  我：还有外箱唛头要按我们新模板，PO号、SKU、箱数都要写清楚，上次仓库收货对不上号
2026-11-27 15:20  黄经理：好的，新模板我转给仓库了
2026-11-27 15:21  黄经理：对了，发票这个月能开吗？财务催了
2026-11-27 15:40  我：货齐了再一起开，付款按合同到货验收后30天
"""

SUPPLIER_WECOM_2 = """2026-11-28 16:48  黄经理：另外跟你说一下，电芯涨价了，下一单单价要调3毛，合同我晚点发你
2026-11-28 16:50  我：这单不会调吧？
2026-11-28 16:52  黄经理：这单按原价，放心
2026-11-28 17:10  我：好。第一批700个4号务必出货，出货前把质检报告发我
2026-11-28 17:11  黄经理：👌收到
2026-11-29 09:05  仓库-何静（转发）：SF7012338841209 26号确实签收了，在收货区，但外箱唛头写的是 PO-2026-0413，不是0431，所以收货员没敢入
2026-11-29 09:06  我：……
"""

SUPPLIER_EMAIL_PRICE = """From: Kevin Tsang <kevin.tsang@audiowave-sz.example>
To: purchasing@lumora-home.example
Cc: sales-director@audiowave-sz.example
Date: Mon, 1 Dec 2026 09:34:18 +0800
Subject: Price adjustment notice - TWS Earbuds Pro 2 (effective 15 Dec 2026)

Dear Lumora purchasing team,

Hope this email finds you well.

We are writing to inform you that due to the continued increase in the cost of Bluetooth SoCs (our main chipset vendor raised prices twice in Q4), together with higher charging-case battery costs and the RMB exchange rate movement, we have to adjust the unit price of the following items with effect from 15 December 2026:

  Item                      Current (USD, FOB Shenzhen)   New (USD, FOB Shenzhen)   Change
  HB-TWS-PRO2-BLK           11.40                         12.31                     +8.0%
  HB-TWS-PRO2-WHT           11.40                         12.31                     +8.0%
  Replacement ear tips kit   0.38                          0.41                     +7.9%

Orders confirmed before 15 December will be delivered at current prices, including your open PO-2026-0428 (4,000 pcs HB-TWS-PRO2-BLK, 2,000 pcs HB-TWS-PRO2-WHT). However, please note that the remaining balance of PO-2026-0428 scheduled for January will be invoiced at the new price, as the chips for that batch have not yet been purchased.

We understand this is not good news during the peak season. To support you, we can offer:
- free upgrade of the gift box to the new recyclable design (no MOQ change)
- 60-day payment terms instead of 45 days for orders above 10,000 pcs

We value our cooperation of more than three years and hope for your understanding. Please let us know your feedback by 5 December so we can plan production.

Best regards,
Kevin Tsang
Sales Manager, Overseas Key Accounts
Shenzhen Audiowave Technology Co., Ltd.
Tel: +86 755 0000 3321 | WeChat: kevin_aw_sales

-------- Internal forward --------
From: Lily Zhou (Lumora procurement)
To: ops-desk@lumora-home.example
Note: our 2025 frame agreement (clause 6.2) fixes price for 12 months from 1 March 2026 unless BOM cost rises >15% with evidence. They sent no evidence. PO-2026-0428: 4,000 + 2,000 pcs, first 3,000 BLK received 20 Nov per GRN, rest not sure.
"""

GERMAN_EMAIL = """Von: Ines Keller <ines.keller@mail-demo.example>
An: service@lumora-home.example
Datum: 29.11.2026, 22:47
Betreff: Bestellung SO20261121001934 – Luftbefeuchter macht komische Geräusche

Sehr geehrte Damen und Herren,

ich habe am 21. November bei Ihnen einen Ultraschall-Luftbefeuchter (3 Liter) bestellt, der am 26. November angekommen ist. Seit gestern macht das Gerät ein lautes, klickendes Geräusch, sobald der Wassertank halb leer ist, und der Nebel kommt nur noch stoßweise. Ich habe die Bedienungsanleitung gelesen und das Gerät wie beschrieben gereinigt (mit Essigwasser), leider ohne Erfolg.

Das Gerät steht im Schlafzimmer meiner Tochter, deshalb ist das Geräusch nachts wirklich störend. Ich möchte Sie bitten, mir mitzuteilen, ob es sich um einen bekannten Fehler handelt und wie wir weiter vorgehen. Mir wäre ein Austausch am liebsten, da ich mit der Leistung in den ersten Tagen sehr zufrieden war.

Falls ich das Gerät zurückschicken muss: Bitte senden Sie mir ein Rücksendeetikett von DHL, da ich keinen Drucker habe, wäre ein QR-Code für die Packstation ideal.

Vielen Dank im Voraus und freundliche Grüße
Ines Keller
Goethestraße 8
80336 München
"""

COUPON_YAML_BAD = """# promo-engine campaign config (exported from ops console)
campaign:
  id: CP-DEC12-FLASH50
  name: "双十二限时闪降 50元券"
  code: DEC12-FLASH50
  discount_type: fixed
  value: 50
  currency: CNY
  min_spend: 0            # <- 应该是 299
  starts_at: "2026-12-01T20:00:00+08:00"
  ends_at: "2026-12-12T23:59:59+08:00"
  usage_limit_total: 5000
  usage_limit_per_customer: 1
  channels: [web, app, wechat_mini]
  eligible_categories: ["*"]
  stackable_with_sale_price: true
stats_snapshot:
  issued: 4812
  redeemed: 731
  discount_total_cny: 36550.00
"""

COUPON_YAML_FYI = """# campaign: 2026 双十二 多语言站点
- id: CP-D12-EU-12OFF
  code: D12EU12
  discount_type: fixed
  value: 12
  currency: EUR
  min_spend: 80
  countries: [DE, FR, NL, IT, ES]
  starts_at: 2026-12-10T00:00:00+01:00
  ends_at: 2026-12-13T23:59:59+01:00
- id: CP-D12-US-FS
  code: D12FREESHIP
  discount_type: free_shipping
  min_spend: 35
  currency: USD
  countries: [US]
  channels: [web, app]
- id: CP-D12-CN-300-40
  code: null   # unique codes, 20000 张
  discount_type: fixed
  value: 40
  min_spend: 300
  currency: CNY
  channels: [wechat_mini, tmall]
"""

SQL_BUYERS = """mysql> SELECT o.buyer_email, COUNT(*) AS n, SUM(o.total) AS amt, MAX(o.created_at) AS last_order
    -> FROM orders o JOIN risk_flags r ON r.order_id = o.order_id
    -> WHERE r.rule = 'addr_velocity' AND o.created_at >= '2026-11-25'
    -> GROUP BY o.buyer_email ORDER BY n DESC;
+------------------------------------+---+---------+---------------------+
| buyer_email                        | n | amt     | last_order          |
+------------------------------------+---+---------+---------------------+
| dealz.hunter01@mail-demo.example   | 6 |  412.70 | 2026-11-30 22:41:09 |
| k.ramos.shop@mail-demo.example     | 4 |  255.20 | 2026-11-30 19:02:55 |
| m.lee.2210@mail-demo.example       | 3 |  171.00 | 2026-11-29 08:15:30 |
+------------------------------------+---+---------+---------------------+
3 rows in set (0.41 sec)

mysql> SELECT r.order_id, r.rule, r.score, r.ip, r.device_fp, r.card_bin
    -> FROM risk_flags r WHERE r.created_at >= '2026-11-25' AND r.rule = 'addr_velocity' LIMIT 8;
+------------------+---------------+-------+-----------------+------------------+----------+
| order_id         | rule          | score | ip              | device_fp        | card_bin |
+------------------+---------------+-------+-----------------+------------------+----------+
| SO20261130009912 | addr_velocity |    94 | 198.51.100.23   | 7f3a9c0e21b4d6aa | 414720   |
| SO20261130009870 | addr_velocity |    94 | 198.51.100.23   | 7f3a9c0e21b4d6aa | 414720   |
| SO20261130008125 | addr_velocity |    91 | 198.51.100.77   | 7f3a9c0e21b4d6aa | 552433   |
| SO20261129011402 | addr_velocity |    88 | 203.0.113.140   | c01d55e9a3f87b12 | 414720   |
| SO20261129010377 | addr_velocity |    88 | 203.0.113.140   | c01d55e9a3f87b12 | 414720   |
| SO20261129002290 | addr_velocity |    87 | 192.0.2.61      | c01d55e9a3f87b12 | 552433   |
| SO20261128011876 | addr_velocity |    85 | 192.0.2.61      | 0b9e4472de11c380 | 401288   |
| SO20261127000431 | addr_velocity |    83 | 198.51.100.23   | 0b9e4472de11c380 | 401288   |
+------------------+---------------+-------+-----------------+------------------+----------+
8 rows in set (0.07 sec)"""

DHL_EMAIL = """----- Forwarded message -----
From: DHL eCommerce Customs Support <customs-de@dhl-ecom.example>
Date: 30 Nov 2026 11:05 CET
Subject: Shipment GM6012345678905512 - clearance on hold / documents required

Dear Shipper,

Your shipment GM6012345678905512 is being held by German customs (Zollamt Leipzig-Flughafen). The electronic declaration transmitted for this parcel does not contain a valid HS tariff code for line 1 ("earphones") and the declared value (USD 5.00 for 2 pcs) appears inconsistent with the item description.

To release the shipment, please provide within 7 calendar days:
  - a commercial invoice with HS code (8 or 10 digits), item description in English, quantity, unit value and currency
  - the IOSS number if the goods were sold with VAT collected at checkout
After 7 days the parcel will be returned to origin at the shipper's cost (return fee EUR 18.50).

Kind regards,
DHL eCommerce Customs Team
"""
