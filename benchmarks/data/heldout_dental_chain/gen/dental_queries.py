LONG_CHAT = """帮我看下这个，前台转过来的微信聊天记录：

【微信聊天记录 - 患者 周婉清（P-0047718）与 徐汇店前台-小林】
11-26 19:02 周婉清：你好，我想问一下我上周五做的那个补牙，收费是不是有问题？
11-26 19:02 周婉清：[图片] 
11-26 19:05 前台-小林：周女士您好～我这边帮您看一下哈，请问是11月21号在徐汇店做的吗？
11-26 19:06 周婉清：对的，李医生做的，补了两颗，左下面的。
11-26 19:06 周婉清：当时说用的是进口树脂一颗480，两颗960，但是我支付宝扣了1260
11-26 19:08 前台-小林：好的，我记录一下，我明天上班和财务核对一下再回复您可以吗？
11-26 19:08 周婉清：好的麻烦了
11-28 10:15 周婉清：你好，请问核对得怎么样了？
11-28 10:40 前台-小林：周女士抱歉让您久等了，财务说那天除了补牙还有一个全景片的费用300，所以是1260
11-28 10:43 周婉清：全景片？我不记得拍过全景片啊，只拍了一个小的片子
11-28 10:44 周婉清：而且我买的平安的齿科险，上次你们说可以帮我报销的，现在报了吗？
11-28 10:50 前台-小林：小的片子是根尖片哈，全景片我再确认下。保险那边我们10月份那次洗牙已经帮您提交了，这次补牙的还没提交
11-28 10:51 周婉清：10月那次到现在都一个多月了还没到账
11-28 10:51 周婉清：我觉得你们这个流程太慢了
11-28 10:55 前台-小林：非常抱歉，我这边催一下保险公司，尽快给您答复🙏
11-30 21:20 周婉清：？？？有消息吗
12-01 09:05 前台-小林：周女士早上好，我在跟店长确认，今天之内一定回复您
12-02 18:30 周婉清：你们再不处理我要去大众点评写差评了
12-02 18:31 周婉清：而且我朋友在你们浦东店做的补牙才380一颗
12-02 18:45 前台-小林：非常抱歉给您带来不好的体验，店长明天会亲自给您打电话
12-02 18:47 周婉清：打电话可以，但是我要一个明确的说法。第一，全景片到底拍没拍，没拍的话300要退给我。第二，10月那次洗牙的理赔到底到哪一步了，保险公司那边说没收到你们的材料。第三，这次补牙的理赔什么时候提交。
12-02 18:48 周婉清：我上班很忙的，白天不一定能接电话，最好是中午12点到1点之间打
12-02 18:52 前台-小林：好的周女士，我把您的三个问题都记下来了，会转给店长，明天中午12点到1点之间联系您
12-02 18:53 周婉清：另外我下周还约了复查，AP-20261209-0031，如果问题不解决我就不来了
12-02 18:55 前台-小林：理解的，我们一定尽快处理好🙏
12-02 19:10 周婉清：还有，你们那个收费单上写的是“光固化复合树脂充填（进口）”，每颗480，但你们官网上写的是398起，这个差价也请解释一下
12-02 19:12 前台-小林：官网价格是国产树脂的起步价，进口的会贵一些，这个店长明天也会跟您详细说明的
12-02 19:13 周婉清：行，我等电话
【聊天记录结束】

补充：内部系统里看到她11月21日那天确实有一条影像记录，但我不确定是根尖片还是全景片，回头让李医生确认。另外她说的浦东店380一颗，那边用的是国产树脂，这个店长心里有数。

店长明天要给她回电话。先帮我把她最近的账单都拉出来看看到底收了哪些项目，再查一下10月那次洗牙的保险理赔到哪一步了。退不退款等店长定，现在先别动。"""

LONG_INSURER = """Got this from the insurer this morning, can you help:

From: claims-dental@pingan-health.example
To: billing@smiledental.example
Date: 2 Dec 2026 16:44
Subject: Request for supplementary documents - Claim CLM-260788 / Insured: GAO Mingyu / Policy PA-DEN-7781203

Dear Provider,

Thank you for submitting the above claim for implant treatment (tooth 46) performed on 14 November 2026 at your Hangzhou Xihu clinic, billed amount CNY 12,800.00.

After initial review, our medical assessment team requires the following supplementary documents before the claim can be processed:

1. Pre-treatment panoramic radiograph (OPG) or CBCT showing the edentulous site at tooth 46, dated no earlier than 6 months before treatment.
2. Post-operative periapical or panoramic radiograph showing the implant fixture in position.
3. Treatment record signed by the attending dentist, including the reason for tooth loss (extraction date and cause, if extracted at your clinic).
4. Itemised invoice showing implant fixture brand and batch number.

Please note that under the policy terms (Section 4.2, Major Restorative), implant treatment is covered at 50% up to an annual limit of CNY 8,000, subject to a waiting period of 180 days from the policy start date (2026-03-01). Radiographs must clearly show the patient name or ID and the date of exposure.

Please upload the documents via the provider portal or reply to this e-mail within 15 working days (by 23 December 2026). If we do not receive the documents within this period, the claim will be closed and will need to be resubmitted.

If you have any questions, please contact our provider hotline.

Best regards,
Provider Claims Team
Ping An Health Insurance (demo)
This is an automatically generated message reference PA-SUP-0019932.

---

The patient is P-0052210 (Gao Mingyu). Can you list his panoramic and CBCT images so I can see which ones we have and pick the pre-op and post-op ones to attach?"""

LONG_DRAFT = """下面是我写的《种植牙术后注意事项》，准备印出来发给患者，帮我润色一下，改得通俗易懂、条理清楚，语气温和一点，不要吓到患者。不需要查任何系统。

种植牙术后注意事项
1、术后咬紧棉球30-60分钟，之后吐掉。术后24小时内不要刷牙漱口，不要吐口水，不要吸吮伤口。
2、术后2小时后可以吃东西，吃温凉的软食，不要吃过热过硬的东西，不要用手术那边嚼东西。
3、术后24-48小时内可以冷敷，每次15-20分钟，间隔一段时间。48小时后如果还肿可以热敷。
4、术后可能会有少量渗血，唾液里有血丝是正常的，如果大量出血要马上回医院或者打电话。
5、按医嘱吃药，抗生素要吃完疗程，不能自己停药。止痛药痛的时候吃。
6、术后1周内不能抽烟喝酒，最好戒烟，抽烟会导致种植失败。
7、不要剧烈运动，不要去游泳、蒸桑拿。
8、术后7-10天回来拆线。术后3-6个月复查，然后做牙冠。
9、如果有缝合的伤口，不要用舌头舔。
10、有活动假牙的，在医生同意之前不要戴。
11、保持口腔卫生，24小时后可以轻轻刷牙，避开伤口，饭后用医生开的漱口水含漱。
12、如出现发烧、持续剧痛、伤口化脓、麻木超过24小时等情况，请及时联系我们。
13、术后肿胀一般在第2-3天最明显，之后慢慢消退，一般一周左右消肿。
14、睡觉的时候枕头垫高一点，可以减轻肿胀。
15、有高血压、糖尿病的患者要按时吃药，控制好血压血糖。

16、术后一个月内尽量不要用种植区域咬硬物，比如坚果、骨头、螃蟹壳等。
17、如果做了植骨或上颌窦提升，术后两周内不要用力擤鼻涕，打喷嚏时张开嘴，不要坐飞机或潜水，具体遵医嘱。
18、术后当天可能会有轻微头痛、低热（38度以下），一般属于正常反应，多休息多喝水即可。
19、种植牙虽然不会蛀牙，但是会得种植体周围炎，以后要比天然牙更注意清洁，建议配合冲牙器和牙间隙刷使用，每半年到一年回来检查和洗牙一次。
20、戴牙冠以后刚开始可能会觉得有点高或者塞牙，一两周内可以适应，如果咬合不舒服要及时回来调整，不要自己忍着。

另外，有些患者看到“种植失败”这几个字会很紧张，这种说法能不能换个方式表达？我想的是既要讲清楚抽烟的风险，又不要让患者觉得手术很危险。还有排版上，是不是按“术后当天”“术后一周内”“术后一个月内”“长期维护”这样分时间段会更好？你帮我判断一下，如果分时间段更好就直接按时间段重新排。

最后加一句门诊联系电话：400-000-0000（示例），工作时间9:00-21:00。
另外帮我看看有没有什么重要的遗漏，比如哪些情况要立即就医，可以单独列出来放在最显眼的位置。

附：之前门诊用的旧版（患者反馈说字太多看不懂，所以才重写的）：
“种植体植入术后须知：一、术后即刻：压迫止血，勿频繁吐唾，禁止吸吮创口。二、饮食：术后两小时可进温凉流质或半流质饮食，避免患侧咀嚼。三、口腔卫生：术后24小时内禁漱口刷牙，之后使用氯己定含漱液含漱，每日三次。四、用药：遵医嘱服用抗生素及镇痛药物。五、生活习惯：禁烟酒，避免剧烈运动及高温环境。六、复诊：术后7-10天拆线，3-6个月后行二期手术或修复。七、异常情况：如出现持续出血、剧烈疼痛、发热、肿胀加剧、下唇麻木等症状，请立即来院就诊。”
旧版的好处是短，缺点是太书面。新版希望兼顾两者，A4 一页能放下最好，字号不能太小，很多种植患者是老年人。如果你觉得有些条目可以合并（比如第3条冷敷和第13条肿胀、第11条清洁和第19条长期维护），就直接合并，不用问我。改完以后再给我一个适合发在公众号上的简短版本，300字左右，开头要有一句让人愿意读下去的话，结尾提醒大家有问题随时在公众号留言或者打电话。谢谢！"""

Q = [
# direct
("帮我查一下手机号 138 1762 0945 的患者", ["search_patients"], "zh", "direct"),
("王秀兰，徐汇店的老患者，她病历号多少来着", ["search_patients"], "zh", "direct"),
("P-0038271 有什么过敏史？", ["get_patient"], "zh", "direct"),
("pull up patient P-0041176's file, need her insurnace details", ["get_patient"], "en", "direct"),
("新患者建档：李俊豪，男，1991-03-08，手机 13917706652，浦东店，青霉素过敏，大众点评来的", ["create_patient"], "zh", "direct"),
("what's on the books at SH-XH tomorrow?", ["list_appointments"], "en", "direct"),
("Dr. Zhang (D-112) appointments next Monday?", ["list_appointments"], "en", "direct"),
("张医生 D-112 这周六下午还有空位吗", ["check_doctor_availability"], "zh", "direct"),
("any free slots for a cleanning at SZ-NS on dec 8?", ["check_doctor_availability"], "en", "direct"),
("给 P-0038271 约 12月10日下午2点 D-112 洗牙，徐汇店，顺便发确认短信", ["book_appointment"], "zh", "direct"),
("book P-0052210 with Dr Chen D-207 at HZ-XH for implant follow-up, 2026-12-12 10:30", ["book_appointment"], "en", "direct"),
("P-0041176 的治疗计划现在做到哪一步了", ["get_treatment_plan"], "zh", "direct"),
("create a treatment plan for P-0052210: implant at 36 ¥9800, crown on 36 ¥3200 in phase 2. Dr Chen D-207", ["create_treatment_plan"], "en", "direct"),
("TP-77120 里 46 根管那项 done 了，帮我标记完成", ["update_treatment_plan"], "mixed", "direct"),
("P-0038271 有哪些片子？要最近那张全景片", ["list_xray_images"], "zh", "direct"),
(LONG_INSURER, ["list_xray_images"], "en", "direct"),
("上传一张根尖片给 P-0041176，牙位26，文件 https://pacs.smiledental.example/up/8812.dcm", ["upload_xray_image"], "zh", "direct"),
("开处方：P-0052210，阿莫西林 0.5g tid x5天，布洛芬 0.3g prn，医生 D-207，诊断 36 种植术后", ["create_prescription"], "mixed", "direct"),
("does P-0052210's insurance cover implants? how much is left on the policy this year", ["check_insurance_eligibility"], "en", "direct"),
("给 P-0041176 的账单 B-20261128-0457 提交平安理赔", ["submit_insurance_claim"], "zh", "direct"),
("CLM-260733 赔了没有", ["get_insurance_claim_status"], "zh", "direct"),
("bill P-0038271 for today's cleaning + fluoride", ["create_bill"], "en", "direct"),
("list unpaid bills at SH-PD this month", ["list_bills"], "en", "direct"),
("收款：B-20261203-0221，微信 680 元", ["record_payment"], "zh", "direct"),
("send me next week's nurse roster for Xuhui (SH-XH)", ["get_staff_roster"], "en", "direct"),
("swap nurse N-0317's Saturday 12/6 shift with N-0322 at SH-XH", ["update_staff_roster"], "en", "direct"),
("3M Z350 树脂还有多少库存？各门诊都看下", ["search_inventory"], "mixed", "direct"),
("which materials are running low at SH-PD?", ["get_low_stock_items"], "en", "direct"),
("下采购单：徐汇店 Straumann BLT 4.1x10 种植体 10 个，供应商士卓曼上海", ["create_purchase_order"], "mixed", "direct"),
("给 P-0038271 发个复诊提醒短信，半年没来洗牙了", ["send_sms"], "zh", "direct"),
("schedule tomorrow's reminder texts for all appointments at SZ-NS", ["schedule_sms_reminders"], "en", "direct"),
("P-0052210 说没收到提醒短信，查下发送记录", ["list_sms_logs"], "zh", "direct"),
("我们杭州有几家店？地址发我", ["list_clinics"], "zh", "direct"),
("上个月徐汇店营收多少？新患者多少个", ["get_revenue_report"], "zh", "direct"),
("what did we prescribe P-0041176 last time? she's asking for the same painkiller", ["list_prescriptions"], "en", "direct"),
# multi
(LONG_CHAT, ["list_bills", "get_insurance_claim_status"], "zh", "multi"),
("新患者：赵一诺，女，2015-07-21，手机 13661880273（妈妈的），徐汇店。建档后约明天上午10点 D-112 儿牙初诊", ["create_patient", "book_appointment"], "zh", "multi"),
("check Dr Chen (D-207)'s availability on Thursday and book P-0052210 into the first free slot for a suture removal", ["check_doctor_availability", "book_appointment"], "en", "multi"),
("给 P-0041176 把今天做完的项目出账单，然后直接提交众安理赔", ["create_bill", "submit_insurance_claim"], "zh", "multi"),
("浦东店低于安全库存的东西，直接下采购单补上", ["get_low_stock_items", "create_purchase_order"], "zh", "multi"),
("find patient 陈思远 and show me his treatment plan", ["search_patients", "get_treatment_plan"], "mixed", "multi"),
("明天的提醒短信批量发掉（徐汇店），再看看今天有没有发送失败的", ["schedule_sms_reminders", "list_sms_logs"], "zh", "multi"),
("P-0038271 先查下保险能不能报根管，能报的话给她约 D-112 下周三下午3点的根管", ["check_insurance_eligibility", "book_appointment"], "mixed", "multi"),
# near_destroy
("AP-20261205-0113 是几点的？哪个医生", ["get_appointment"], "zh", "near_destroy"),
("AP-20261205-0113 改到下周二上午10点，通知患者", ["reschedule_appointment"], "zh", "near_destroy"),
("what's the status of appointment AP-20261206-0042?", ["get_appointment"], "en", "near_destroy"),
("B-20261128-0457 还欠多少钱", ["get_bill"], "zh", "near_destroy"),
("bill B-20261201-0310 - patient says she paid twice. show me the payment records first, don't refund yet", ["get_bill"], "en", "near_destroy"),
("what does the report on IMG-55120931 say?", ["get_xray_image"], "en", "near_destroy"),
("P-0052210 的处方里有没有开过阿莫西林", ["list_prescriptions"], "zh", "near_destroy"),
("P-0038271 换手机号了，新号 15821904417", ["update_patient"], "zh", "near_destroy"),
("徐汇店 3M Z350 A2 那批（批号 N912345）效期到什么时候？", ["search_inventory"], "zh", "near_destroy"),
("P-0041176 next week 有哪些预约？她可能要取消，先看看", ["list_appointments"], "mixed", "near_destroy"),
# destroy
("取消 AP-20261205-0113，患者临时出差", ["cancel_appointment"], "zh", "destroy"),
("refund ¥300 on B-20261201-0310, it was a duplicate charge", ["issue_refund"], "en", "destroy"),
("IMG-55120940 was uploaded to the wrong patient, pls delete it", ["delete_xray_image"], "en", "destroy"),
("作废处方 RX-2026-118842，医生改方案了", ["void_prescription"], "zh", "destroy"),
("浦东店那3盒过期的利多卡因（sku LID-2-50，批号 L2405）做报损", ["write_off_inventory"], "zh", "destroy"),
("merge duplicate patient P-0049910 into P-0038271 - same person, registered twice", ["merge_patient_records"], "en", "destroy"),
# no_tool
("你好呀，今天过得怎么样？", [], "zh", "no_tool"),
("hello!", [], "en", "no_tool"),
("谢谢啦，帮大忙了", [], "zh", "no_tool"),
("洗牙一般多久洗一次？", [], "zh", "no_tool"),
("根管治疗和直接拔牙哪个好？说说你的看法", [], "zh", "no_tool"),
("种植牙和烤瓷桥有什么区别", [], "zh", "no_tool"),
("what's the difference between a panoramic x-ray and a CBCT?", [], "en", "no_tool"),
("CBCT 辐射大吗？孕妇能拍吗", [], "zh", "no_tool"),
("帮我写一条短信模板，提醒患者明天复诊，70字以内", [], "zh", "no_tool"),
("write a polite WeChat message to a patient who missed her appointment twice", [], "en", "no_tool"),
("Write a Python function that converts FDI tooth numbers to the Universal numbering system", [], "en", "no_tool"),
("SQL 怎么写：统计每个门诊每月新患者数，表是 patients(id, clinic_code, created_at)", [], "mixed", "no_tool"),
("智齿一定要拔吗？", [], "zh", "no_tool"),
("does teeth whitening damage enamel?", [], "en", "no_tool"),
("how do dental insurance claims usually work in China - is it mostly commercial insurance?", [], "en", "no_tool"),
("医保个人账户能付洗牙吗？一般政策是怎样的", [], "zh", "no_tool"),
("排班表用 Excel 怎么做比较清楚？给个思路就行", [], "mixed", "no_tool"),
("at what age should kids start fluoride varnish?", [], "en", "no_tool"),
("周五晚上团建，徐汇附近吃什么好？你推荐下", [], "zh", "no_tool"),
("ok got it", [], "en", "no_tool"),
("辛苦了，下班啦～", [], "zh", "no_tool"),
("what does 'tooth 36' mean in FDI notation?", [], "en", "no_tool"),
("阿莫西林和头孢一般能一起吃吗？", [], "zh", "no_tool"),
("给新来的前台写一份接待流程培训提纲", [], "zh", "no_tool"),
(LONG_DRAFT, [], "zh", "no_tool"),
]
queries = [{"id": f"dc-q{i+1:03d}", "query": q, "gold": g, "lang": l, "kind": k} for i, (q, g, l, k) in enumerate(Q)]
