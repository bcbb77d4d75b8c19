from lib import *

LONG_EMAIL = """Hi Jenny, see below — can you just check whether BK-5187 is actually confirmed with the hotel? Mrs Alvarez is getting nervous and I don't want to promise anything I can't back up. Thx, Tom

---------- Forwarded message ---------
From: Carmen Alvarez <carmen.alvarez@mailbox.example>
Date: Wed, 2 Dec 2026 at 22:41
Subject: Re: Re: Your Lisbon & Porto trip — booking BK-5187
To: Tom Becker <tom.becker@sunroute-travel.example>

Dear Tom,

Thank you for the quick answer yesterday. I am sorry to write again so late, but my sister just forwarded me a review of the Porto hotel saying that several guests arrived and "the reservation was not in the system". I know this is probably nothing, but we are travelling with my mother who is 82 and uses a wheelchair, and the last thing I want is to be standing in a lobby at 11pm with her.

So, to be concrete:
1) Is the room at the Casa do Rio Porto confirmed by the hotel itself, with a confirmation number, and not just "requested"?
2) Did they receive the note about the accessible room (roll-in shower, ground floor or lift)?
3) The Lisbon part (Hotel Alfama Lux, 14–17 Dec) you already confirmed, so no worries there.

I also noticed in the itinerary PDF that the train from Lisbon to Porto on the 17th leaves at 09:09 but the transfer pick-up is at 09:00. Is that right? It seems very tight with a wheelchair. Maybe we can move the pick-up to 08:15? If that costs extra, that's fine.

Finally, a small thing: my mother's passport was renewed in October, the new number is on the scan I sent on 20 November. Please make sure the airline has the new one, not the old one ending in 4471.

Many thanks and sorry again for all the questions,
Carmen

On Tue, 1 Dec 2026 at 10:05, Tom Becker <tom.becker@sunroute-travel.example> wrote:
> Dear Mrs Alvarez,
>
> Thanks for your message. Your Lisbon hotel is confirmed (Hotel Alfama Lux, confirmation 88213-AL) and the flights
> are ticketed. The Porto hotel was booked through our wholesale partner and I am waiting for the final hotel
> confirmation number, which normally arrives 2–5 days before arrival. I will let you know as soon as I have it.
>
> Kind regards,
> Tom Becker
> Sunroute Travel — Senior Travel Consultant
>
> On Mon, 30 Nov 2026 at 19:12, Carmen Alvarez wrote:
> > Hello Tom, just checking if everything is OK with our bookings for December? We leave on the 13th. Best, Carmen
"""

LONG_ZH = """帮我处理一下这个，客户那边已经很不高兴了：BK-5166 整单取消，然后把已付的 12,400 元全部退回原支付方式。经理已经同意了，不收手续费。

下面是客户微信聊天记录（我复制过来的）：

【周女士 2026-12-02 09:13】你好，我们订的那个清迈五天自由行（BK-5166），12月19号出发的，现在恐怕去不了了
【周女士 09:14】我老公昨天晚上在工地摔了，医生说至少要休息六周，脚踝骨折
【客服小林 09:20】周女士您好，非常抱歉听到这个消息，先祝您先生早日康复！我这边先帮您查一下订单的取消规则
【周女士 09:21】好的麻烦了，我们付了全款的，一万二千四
【客服小林 09:35】查了一下，机票是东航的特价票，取消的话航司要收每人 600 元的退票费；酒店是不可退的预付价，但是供应商那边说如果有医院证明可以申请特殊处理
【周女士 09:37】那就是说要扣很多钱？我们也不是故意不去的啊
【周女士 09:38】医院证明我有，诊断书、X光片都有，要的话我现在拍给你
【客服小林 09:40】好的，麻烦您拍清楚一点发过来，我去和主管还有供应商争取一下
【周女士 09:52】[图片] [图片] [图片]
【周女士 09:53】诊断书和片子都在这了，还有急诊的收费单
【客服小林 10:15】收到，已经转给主管了，今天之内给您答复
【周女士 14:02】请问有消息了吗？
【客服小林 14:30】还在和航司沟通，航司说病退需要提供乘机人本人的证明，您先生的诊断书是可以的，您本人的那张票可能只能按自愿退
【周女士 14:33】我一个人也不可能去啊，他这样子我要在家照顾他
【周女士 14:34】你们之前卖的时候可没说退起来这么麻烦
【客服小林 14:40】理解您的心情，我们会尽量争取全额退款，请再给我们一点时间
【周女士 2026-12-03 08:47】今天能给个准话吗？不行我就打12345投诉了
【客服小林 09:05】周女士，主管刚刚批了，公司这边承担差额，给您全额退款 12,400 元，原路退回，一般 3-7 个工作日到账
【周女士 09:07】好吧，那谢谢了，尽快处理吧，退了给我发个消息

主管批复截图：「同意 BK-5166 全额退款，差额记入客诉成本，周三前处理完」——王经理 12/03 08:58

【周女士 09:10】对了，保险是不是也能退？当时你们一起卖的那个境外旅游险，198 一个人
【客服小林 09:16】保险是保险公司单独出的保单，出发前退保是全额退的，我另外帮您提交，不在这 12,400 里面
【周女士 09:18】好的。还有啊，你们那个清迈的包车司机我之前加过微信，要不要我自己跟他说一声不去了？
【客服小林 09:20】不用的周女士，包车是我们和地接社签的，我们这边统一取消，您不用单独联系
【周女士 09:21】行，那我等你消息。钱到了我会看的
【客服小林 09:22】好的，处理完第一时间通知您🙏

补充：保险退保我已经单独发邮件给平安那边了，不用你管。机票是东航 MU5035/MU5036，两个人；酒店是清迈 Nimman 区那家精品酒店 4 晚，供应商是「泰好玩地接」，他们已经口头答应病退不收钱，书面确认晚点发。财务那边说退款走原路，之前客户是支付宝付的两笔：10,000 + 2,400。

另外客户说退完款要一条短信或者微信通知，这个我自己来发就行。订单里旅客是 周敏 和 陈建国，出发日期 2026-12-19，回程 12-23。如果系统里取消时提示要选原因，就选“客人疾病/医疗原因”。

所以现在需要：1）把订单取消掉（机票+酒店全部）；2）退款 12,400 CNY。谢谢！"""

LONG_COMPLAINT = """Can you help me draft a calm, professional reply to this? Don't promise any compensation yet, we're still checking with the airline. Here's what he sent:

Subject: UNACCEPTABLE — ruined honeymoon
From: Daniel Whitford <d.whitford@postbox.example>

To whom it may concern,

I am writing to express my absolute disgust at the way my wife and I were treated on what was supposed to be the trip of a lifetime. We booked our honeymoon to the Maldives through your agency in June, paid over 78,000 CNY, and were assured by your consultant (a very friendly young woman, I believe her name was Vivian) that everything had been "taken care of, door to door".

Here is what actually happened:

- Our connecting flight in Kuala Lumpur was delayed by four hours. Nobody from your agency contacted us, even though you had our phone numbers and we had paid for your "24/7 travel support". When I finally got through to the emergency line it rang for eleven minutes before a recorded message told me to call back during office hours.
- Because of the delay, we missed the last domestic seaplane transfer of the day. We had to spend the first night of our honeymoon in an airport hotel in Malé that smelled of mould, at our own expense (USD 210, receipt attached).
- When we arrived at the resort the next day, they had no record of the "honeymoon package" you sold us: no dinner on the beach, no spa session, nothing. The resort manager was very apologetic and said he had only received a standard half-board booking.
- The over-water villa was downgraded to a beach villa for two nights "due to the late arrival", again without anyone telling us in advance.

I have attached photos, receipts and the confirmation e-mail from your consultant listing the honeymoon package. I expect a full explanation, a refund of the difference between what we paid and what we received, and reimbursement of the airport hotel. If I do not hear back within 7 days, I will be posting reviews on every platform I can find and contacting the consumer association.

Daniel Whitford

(for context: booking is BK-4721, he's right about the honeymoon package, the DMC dropped it. the delay was the airline's fault though.)"""

R = [
# ---- direct
("find me flights PVG to NRT on Dec 18, 2 adults, direct only", ["search_flights"], "en", "direct"),
("帮我查下12月24号上海飞札幌的航班，经济舱，一个大人一个小孩", ["search_flights"], "zh", "direct"),
("any 4* hotels in Lisbon 12-15 jan under 900 a night?", ["search_hotels"], "en", "direct"),
("京都 12/26-12/29 两间房 each 2 adults，有没有带温泉的 ryokan", ["search_hotels"], "mixed", "direct"),
("有没有春节期间去北海道的亲子团，6天左右，每人一万五以内", ["search_tours"], "zh", "direct"),
("northern lights tours in Iceland departing late Feb, max 8 days?", ["search_tours"], "en", "direct"),
("show me BK-5120 details", ["get_booking"], "en", "direct"),
("list all bookings for customer CU-10871 travelling in January", ["list_bookings"], "en", "direct"),
("王丽（lwang）名下这周还有哪些 on hold 的单子？", ["list_bookings"], "mixed", "direct"),
("is BK-4902 ticketed yet?? customer keeps calling", ["get_booking_status"], "en", "direct"),
("BK-5033 的酒店 confirmation number 出来了吗", ["get_booking_status"], "mixed", "direct"),
("change pax name on BK-4988 from ZHANG/WEI MR to ZHANG/WEIMING MR, typo at booking", ["update_booking"], "en", "direct"),
("BK-5101 第二位客人加一个素食餐 VGML", ["update_booking"], "mixed", "direct"),
("hold offer OF-3C7A (the Cathay one) for CU-10422 + her husband CU-10423, don't ticket yet", ["create_booking"], "en", "direct"),
("用 offer HT-55102 给 CU-10871 订这个酒店，备注要高楼层、无烟房", ["create_booking"], "mixed", "direct"),
("ticket BK-5077 on agency credit pls, payment landed", ["issue_ticket"], "en", "direct"),
("pull up the day-by-day itinerary for trip BK-5012, english pdf", ["get_itinerary"], "en", "direct"),
("在BK-5012第三天下午加一个 teamLab 门票，15:00 入场", ["update_itinerary"], "mixed", "direct"),
("email the final itinerary for BK-4950 to the client", ["send_itinerary"], "en", "direct"),
("do Chinese passport holders need a transit visa for a layover in Frankfurt if they stay airside?", ["check_visa_requirements"], "en", "direct"),
("中国护照去塞尔维亚旅游要不要签证？免签几天？", ["check_visa_requirements"], "zh", "direct"),
("给客户 CU-10340 开一个法国申根签证申请，1月15号出发", ["create_visa_application"], "zh", "direct"),
("look up the customer with phone 138 1234 7788", ["search_customers"], "en", "direct"),
("CU-10293 的护照什么时候过期？", ["get_customer_profile"], "zh", "direct"),
("update CU-11002's email to k.tanaka@mail.example", ["update_customer_profile"], "en", "direct"),
("new client: Olivia Brennan, IE passport PA4418827 exp 2030-08-14, phone +353 87 555 0192, found us via instagram", ["create_customer_profile"], "en", "direct"),
("has BK-5090 been paid in full?", ["list_payments"], "en", "direct"),
("给BK-5110生成一个尾款付款链接 8,600元，微信发给客户", ["create_payment_link"], "zh", "direct"),
("BK-5003 开个增值税普通发票，抬头 上海云帆科技有限公司，税号 91310115MA1K4XXXX", ["generate_invoice"], "zh", "direct"),
("which hotel contracts expire before end of March?", ["list_supplier_contracts"], "en", "direct"),
("明天下午谁有空接待客户？看下团队日历", ["get_staff_calendar"], "zh", "direct"),
("book Mr Okafor (CU-10755) a video call with jchen next Tuesday 10am re the Kenya safari", ["schedule_appointment"], "en", "direct"),
("给 CU-10612 发个微信，提醒她 passport 原件出发前两周寄过来", ["send_customer_message"], "mixed", "direct"),
("what did we last tell CU-10488 by email? need the history", ["list_customer_messages"], "en", "direct"),
("how much is 2,450 EUR in CNY today at our rate", ["convert_currency"], "en", "direct"),
("11月各销售的佣金汇总给我看下", ["get_sales_report"], "zh", "direct"),
("what's our internal SOP for a schedule change of more than 3 hours?", ["search_policies"], "en", "direct"),
("公司对未成年人单独出行有什么规定？查下内部制度", ["search_policies"], "zh", "direct"),
(LONG_EMAIL, ["get_booking_status"], "en", "direct"),
# ---- multi
("find Hannah Kowalski's profile and list her upcoming bookings", ["search_customers", "get_customer_profile", "list_bookings"], "en", "multi"),
("BK-5120 还差多少钱没付？差多少就发个付款链接给客户", ["list_payments", "create_payment_link"], "zh", "multi"),
("ticket BK-5141 then email the itinerary to the customer", ["issue_ticket", "send_itinerary"], "en", "multi"),
("帮 CU-10977 查下日本签证要求（CN passport, tourism），然后直接开一个单次旅游签申请", ["check_visa_requirements", "create_visa_application"], "mixed", "multi"),
("search flights CAN-BKK 20 Dec and hotels in Bangkok 20-24 Dec for 2 ppl", ["search_flights", "search_hotels"], "en", "multi"),
("把BK-4930行程单第二天加上接机 10:30 白云机场，然后微信发给客人", ["update_itinerary", "send_itinerary"], "zh", "multi"),
("what's 1,280 USD in CNY, then make a payment link for that on BK-5066", ["convert_currency", "create_payment_link"], "en", "multi"),
("看下下周二 mliu 的日历，有空的话给客户 CU-10233 约个到店咨询", ["get_staff_calendar", "schedule_appointment"], "zh", "multi"),
# ---- near_destroy
("status of booking BK-4471", ["get_booking_status"], "en", "near_destroy"),
("BK-5020 现在什么状态？客人问是不是已经出票了", ["get_booking_status"], "zh", "near_destroy"),
("show me the payments on BK-4990, customer claims she paid twice", ["list_payments"], "en", "near_destroy"),
("what's the status of visa application VA-2231", ["get_visa_application_status"], "en", "near_destroy"),
("VA-2198 材料还缺什么？", ["get_visa_application_status"], "zh", "near_destroy"),
("what are the cancellation terms in contract SC-118?", ["get_supplier_contract"], "en", "near_destroy"),
("看一下 CU-10455 的资料，她说想注销账户，先确认下我们存了她哪些信息", ["get_customer_profile"], "zh", "near_destroy"),
("pull up BK-5002 so I can see the fare conditions before I talk to her about cancelling", ["get_booking"], "en", "near_destroy"),
("BK-5055: guest wants a late checkout note added, NOT cancel, just the note", ["update_booking"], "en", "near_destroy"),
("SC-097 这个地接合同什么时候到期？", ["get_supplier_contract"], "zh", "near_destroy"),
("show me the full booking BK-5150 with the ticket numbers issued today", ["get_booking"], "en", "near_destroy"),
# ---- destroy
("cancel booking BK-4471 — client's father is in hospital, whole trip", ["cancel_booking"], "en", "destroy"),
("BK-5150 今天出的票 781-2345678901 作废掉，客人名字拼错了要重出", ["void_ticket"], "zh", "destroy"),
("refund 3,200 CNY on BK-4990, the duplicate payment", ["process_refund"], "en", "destroy"),
("客户 CU-10455 的注销申请 ER-0091 已经审批，删除她的档案", ["delete_customer_profile"], "zh", "destroy"),
("withdraw VA-2231, trip is off", ["withdraw_visa_application"], "en", "destroy"),
("和黄山云海地接的合同 SC-097 从1月31号起终止", ["terminate_supplier_contract"], "zh", "destroy"),
(LONG_ZH, ["cancel_booking", "process_refund"], "zh", "destroy"),
# ---- no_tool
("你好呀，今天过得怎么样？", [], "zh", "no_tool"),
("hey there! how's your day going", [], "en", "no_tool"),
("thanks, that's all for now", [], "en", "no_tool"),
("谢谢，辛苦啦～", [], "zh", "no_tool"),
("what's a good time to visit Kyoto?", [], "en", "no_tool"),
("冰岛看极光一般几月份最好？", [], "zh", "no_tool"),
("write a polite e-mail template apologising to a client for a flight schedule change", [], "en", "no_tool"),
("帮我写一段朋友圈文案推广我们的云南七日游，活泼一点，带点emoji", [], "zh", "no_tool"),
("Write a Python function that parses ISO 8601 durations like PT2H35M into minutes", [], "en", "no_tool"),
("in general, what's the difference between voiding and refunding an airline ticket?", [], "en", "no_tool"),
("签证和护照到底有什么区别？我妈一直搞不清", [], "zh", "no_tool"),
("explain what a PNR is to a new intern in two sentences", [], "en", "no_tool"),
("你觉得带老人去欧洲跟团好还是自由行好？", [], "zh", "no_tool"),
("honestly, is business class to Europe worth it for a 12h flight?", [], "en", "no_tool"),
("what does 'release days' mean in a hotel allotment contract? 新人问我的", [], "mixed", "no_tool"),
("translate 'your booking has been confirmed' into Japanese and Korean", [], "en", "no_tool"),
("日本的电压是多少？中国的电器要不要转换插头？", [], "zh", "no_tool"),
("SQL: how do I count rows per month from a table bookings(created_at timestamp) in postgres?", [], "en", "no_tool"),
("帮我把这句话改得专业一点：“你的票出不了因为你钱没给”", [], "zh", "no_tool"),
("cancel that, i was just testing the chat lol", [], "en", "no_tool"),
("客户问 Schengen 90/180 规则怎么算，能简单解释一下吗？", [], "mixed", "no_tool"),
("what's the usual tip for a tour guide in Egypt?", [], "en", "no_tool"),
("早上好！今天又是忙碌的一天💪", [], "zh", "no_tool"),
(LONG_COMPLAINT, [], "en", "no_tool"),
("写一个正则表达式匹配13位电子客票号，格式像 781-2345678901", [], "zh", "no_tool"),
]
QUERIES = [Q(f"ta-q{k+1:03d}", q, g, l, kd) for k, (q, g, l, kd) in enumerate(R)]
