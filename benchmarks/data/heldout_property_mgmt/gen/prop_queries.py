from lib import *

LONG_GROUP_CHAT = """下面是 锦绣华庭 9号楼业主群的聊天记录，你看下，帮我给 9-1-1203 建个报修工单，紧急，漏水问题，把关键信息写进描述里：

【9-1-1103 陈阿姨 07:42】@物业小周 我家卫生间天花板又在滴水了！！上个月刚修过的
【9-1-1103 陈阿姨 07:43】[图片]
【9-1-1103 陈阿姨 07:43】你们看看这个水渍，吊顶都鼓起来了
【物业小周 07:58】陈阿姨早，收到，我先联系一下楼上 1203 的住户
【9-1-1103 陈阿姨 08:01】上次就是1203的问题，师傅说是他家马桶下面的密封圈坏了，结果修了一半说要换配件就没下文了
【9-2-604 小王 08:05】我们家楼道里也闻到一股霉味，不知道是不是同一个问题
【物业小周 08:10】1203 的电话打了没人接，我等下上去敲门
【9-1-1103 陈阿姨 08:12】他们家好像出差了，上周看到拖着箱子走的
【9-1-1203 刘先生 08:30】不好意思刚看到，我在杭州出差，下周三才回来
【9-1-1203 刘先生 08:31】家里钥匙我放了一把在物业前台的，登记过的，可以让师傅进去看
【9-1-1203 刘先生 08:32】上次师傅说马桶法兰圈要换，我以为你们后来换了
【物业小周 08:40】刘先生您好，我查一下上次的工单记录，稍后联系您
【9-1-1103 陈阿姨 08:41】今天一定要来人啊，我家电路也在卫生间顶上，万一漏到灯里怎么办
【9-3-1502 张先生 08:45】建议先把1203的总阀关了吧，别等了
【物业小周 08:50】好的，我们工程部马上上去关总阀，刘先生您同意的话我们用前台的备用钥匙进门
【9-1-1203 刘先生 08:52】同意，麻烦了，需要换什么配件费用直接跟我说，我微信转账
【9-1-1103 陈阿姨 09:05】吊顶已经有一块掉下来了[图片]
【物业小周 09:08】阿姨您先别进卫生间，注意安全，电闸卫生间那路可以先关掉
【9-1-1103 陈阿姨 09:10】关了关了，现在家里热水器也用不了了
【9-2-604 小王 09:20】物业能不能顺便看下我们这层楼道，霉味真的很重
【物业小周 09:25】王先生好，我另外给您登记一下，一会儿保洁去看看
【9-1-1203 刘先生 09:40】对了，我家卫生间地面上次师傅说防水层可能也有问题，要不要一起看看
【物业小周 09:42】好的，我会在工单里写上，让师傅一起检查防水
【9-1-1103 陈阿姨 09:50】我家吊顶和墙面的损失谁来赔？上次的也没说法
【物业小周 09:55】阿姨，先把漏水止住，损失的事情等师傅出了结论我们再协调，您放心
【9-3-1502 张先生 10:02】上次那个工单是不是就没关？我记得师傅说要等配件，等了两个礼拜
【物业小周 10:05】我查到了，上次是 WO-58107，师傅登记的是“待配件”，后来被系统自动结单了，这个是我们的问题，向大家道歉
【9-1-1103 陈阿姨 10:07】自动结单？那我们报修还有什么用
【物业小周 10:10】这次我单独跟进，每天在群里同步进度
【工程部老李 10:26】总阀已经关了，1203卫生间地面有积水，马桶底座周围明显渗水，需要换法兰圈，还要做闭水试验看看防水层
【工程部老李 10:28】配件我们仓库有，今天下午可以换，闭水试验要48小时
【9-1-1203 刘先生 10:31】好的，辛苦，费用发我
【9-1-1103 陈阿姨 10:35】那我家吊顶什么时候修？
【工程部老李 10:40】楼上修好、闭水试验通过以后再修您家吊顶，不然修了还会再坏

要点：1203 马桶法兰圈（上次维修未完成）＋可能防水层问题，导致 1103 卫生间吊顶漏水、部分脱落；业主刘先生在外地，钥匙在前台，同意使用；工程部已去关总阀。刘先生电话 13601871256。"""

LONG_GATE_LOG = """Our gate system flagged something odd overnight, log below. The pass that keeps being used is VP-88213 — it was issued for a one-off delivery but it's clearly being reused by someone. Revoke VP-88213 now please.

[2026-12-02 23:41:07] GATE-N2 QR_SCAN pass=VP-88213 host=5-2-1801 result=ALLOW direction=IN
[2026-12-02 23:41:09] GATE-N2 DOOR_OPEN duration=6s
[2026-12-02 23:58:44] GATE-N2 QR_SCAN pass=VP-88213 host=5-2-1801 result=ALLOW direction=OUT
[2026-12-03 00:12:31] GATE-S1 QR_SCAN pass=VP-88213 host=5-2-1801 result=ALLOW direction=IN
[2026-12-03 00:12:33] GATE-S1 DOOR_OPEN duration=5s
[2026-12-03 00:12:40] GATE-S1 TAILGATE_SUSPECTED persons=2 camera=CAM-S1-02
[2026-12-03 00:47:02] GATE-S1 QR_SCAN pass=VP-88213 host=5-2-1801 result=ALLOW direction=OUT
[2026-12-03 01:15:19] GATE-E1 QR_SCAN pass=VP-88213 host=5-2-1801 result=ALLOW direction=IN
[2026-12-03 01:15:21] GATE-E1 DOOR_OPEN duration=7s
[2026-12-03 01:33:55] BLDG-5 UNIT-2 LOBBY QR_SCAN pass=VP-88213 result=ALLOW
[2026-12-03 01:52:10] BLDG-7 UNIT-1 LOBBY QR_SCAN pass=VP-88213 result=DENY reason=WRONG_BUILDING
[2026-12-03 01:52:14] BLDG-7 UNIT-1 LOBBY QR_SCAN pass=VP-88213 result=DENY reason=WRONG_BUILDING
[2026-12-03 01:52:31] BLDG-7 UNIT-1 LOBBY INTERCOM_CALL unit=7-1-0903 answered=false
[2026-12-03 02:05:48] GATE-E1 QR_SCAN pass=VP-88213 host=5-2-1801 result=ALLOW direction=OUT
[2026-12-03 02:40:13] GATE-N2 QR_SCAN pass=VP-88213 host=5-2-1801 result=ALLOW direction=IN
[2026-12-03 02:40:15] GATE-N2 DOOR_OPEN duration=6s
[2026-12-03 02:59:37] GATE-N2 QR_SCAN pass=VP-88213 host=5-2-1801 result=ALLOW direction=OUT
[2026-12-03 03:10:02] SYS PASS_AUDIT pass=VP-88213 issued=2026-11-28T10:02 valid_hours=720 issuer=frontdesk_03 purpose="快递送货"
[2026-12-03 03:10:02] SYS WARN pass_validity_exceeds_policy max_visitor_hours=24
[2026-12-03 06:15:40] GATE-N2 QR_SCAN pass=VP-90011 host=3-1-0502 result=ALLOW direction=IN
[2026-12-03 06:20:12] GATE-S1 PLATE plate=沪B·K3390 result=ALLOW resident
[2026-12-03 06:31:58] GATE-N2 QR_SCAN pass=VP-88213 host=5-2-1801 result=ALLOW direction=IN

Looks like front desk typed 720 hours instead of 72 (or 24). The resident at 5-2-1801 says she doesn't know anyone coming at night. Please kill the pass; I'll talk to frontdesk_03 about the validity separately."""

LONG_COMPLAINT_ZH = """帮我写一个回复，语气诚恳，但不要答应免物业费，公司不同意。下面是业主发在App里的投诉原文：

尊敬的锦绣华庭物业管理处：

我是12号楼1单元601室的业主赵先生，在这个小区已经住了六年。一直以来我都按时足额缴纳物业费，从来没有拖欠过一天。但是最近三个月发生的几件事情，让我对物业的服务非常失望，不得不写这封信。

第一，关于地下车库。九月份开始，B2层东侧的灯坏了将近一半，我前后在App上报修了三次，每次都显示“已受理”，然后就没有下文。上个月我母亲晚上从车库上楼，因为光线太暗在台阶上摔了一跤，膝盖缝了四针。我去前台反映，工作人员只说“已经报上去了”，到现在灯还是只修好了一部分。

第二，关于电梯。我们单元的两部电梯，十月份一部停了整整九天，说是等配件。这九天里只有一部电梯运行，早高峰要等十几分钟，我家里有八十多岁的老人，根本没法正常出门。停梯期间没有看到任何正式的通知，也没有告诉大家大概什么时候能修好。

第三，关于装修噪音。楼上1701从十月中旬开始装修，周末早上八点不到就开始打电钻。我查过小区的管理规约，周末和节假日是不允许进行噪音施工的。我打过两次物业电话，值班人员说会去提醒，但是第二周照样如此。

第四，关于收费。今年物业费从每平方米2.8元涨到了3.2元，涨价的时候只在公告栏贴了一张纸，没有召开业主大会，也没有公示过成本明细。服务质量没有提高，价格却涨了，这让我们很难接受。

我希望物业能够：1. 在一周内彻底修好车库照明；2. 对电梯停运的情况做出书面说明，并公布今后的维保计划；3. 切实管理好装修噪音问题；4. 公示物业费调价的依据和成本明细；5. 考虑到以上服务问题，减免本季度的物业费。

如果在两周内得不到回复，我将向街道和住建部门反映，并联合其他业主一起维权。

第五，关于保洁和绿化。以前每天上午和下午各打扫一次楼道，现在一天只有一次，有时候下午垃圾桶已经满出来也没人处理。小区中心花园的草坪秋天以后就没人修剪，儿童游乐区的地垫破了好几块，孩子跑的时候很容易绊倒，我也拍照在App里反映过。

第六，关于沟通方式。每次反映问题，前台都让我们“在App上报修”，但App上的报修记录经常被直接关闭，备注写“已处理”，实际上根本没人来过。我理解物业人手紧张，但至少应该如实反馈处理情况，而不是为了考核数据把工单关掉。我身边好几位邻居都有同样的经历，大家现在都不太愿意报修了，觉得报了也白报。

第七，关于门禁和外来人员。最近小区里经常能看到外卖和快递电动车直接骑进来，在人行道上开得很快，上周还差点撞到推婴儿车的邻居。门岗的保安有时候在玩手机，根本不看进出的人。听说前段时间还有陌生人半夜拿着临时二维码在各个楼栋之间乱转，这件事物业也没有给业主一个说法。安全是最基本的，这方面我希望物业能尽快加强管理，比如外来车辆一律不许进入人车分流区，临时通行证要严格控制有效期。

另外，我想补充一点：我母亲摔伤以后去医院的费用、误工的费用，我暂时没有要求物业赔偿，但这不代表这件事就可以不了了之。如果车库照明问题在一周内还得不到解决，再有人受伤，物业必须承担相应的责任。我已经保留了所有报修记录的截图和医院的病历。

我并不是为了少交几个钱来找麻烦。作为业主，我们希望的是物业和业主之间能有基本的信任：问题有人管，进度有人说，收费有依据。希望管理处能认真对待这封信，给出具体的整改措施和时间表，而不是一句“已收到，会尽快处理”。也请管理处在回复中写明每一项问题的具体负责人和联系电话，方便我们后续跟进；如果需要当面沟通，我每天晚上七点以后和周末都在家，可以随时约时间。

此致
12-1-601 业主 赵先生
2026年12月1日"""

R = [
# ---- direct
("find the tenant id for whoever lives in 5-1-802", ["search_tenants"], "en", "direct"),
("锦绣华庭手机尾号4417的那个租户叫啥来着", ["search_tenants"], "zh", "direct"),
("find tenant named Chen Yu in Binjiang Yayuan (BJYY)", ["search_tenants"], "en", "direct"),
("get tenant TN-20731's emergency contact", ["get_tenant"], "en", "direct"),
("TN-20988 has a new mobile, 13917726403 — please update", ["update_tenant"], "en", "direct"),
("7-3-1201 的建筑面积和物业费单价是多少？", ["get_unit"], "zh", "direct"),
("who owns 12-1-601 and what phone number do we have for them?", ["get_owner"], "en", "direct"),
("锦绣华庭未来60天内到期的租约有哪些", ["list_leases"], "zh", "direct"),
("新租户入住：王建国 13812345678，身份证 310104198805123456，3-2-1502，12月10号起租一年，月租6800，押一付三", ["create_lease"], "zh", "direct"),
("renew LS-2024-0877 until 2027-12-31, rent goes up to 5,400", ["renew_lease"], "en", "direct"),
("生成滨江雅苑 2026-12 的全部账单", ["generate_bills"], "zh", "direct"),
("run the December bills for building 8 only — property fee and parking", ["generate_bills"], "en", "direct"),
("9-2-302 十一月的账单交了没", ["get_bills"], "zh", "direct"),
("list units more than 3 months in arrears, biggest amount first", ["list_arrears"], "en", "direct"),
("6-1-1103 刚刚现金交了 1,860，收据号 SJ-20261203-07，帮忙 record 一下", ["record_payment"], "mixed", "direct"),
("录一下 2-1-701 的水表读数 1386.5，今天抄的", ["submit_meter_reading"], "zh", "direct"),
("4-2-1901 说这个月水费特别高，帮我看下她家最近半年用水量", ["get_utility_usage"], "zh", "direct"),
("unit 10-1-202 electricity usage for the last 12 months pls", ["get_utility_usage"], "en", "direct"),
("11-2-1304 厨房水槽下面漏水，挺急的，住户电话 13761220981", ["create_work_order"], "zh", "direct"),
("3号楼东侧 elevator 又卡在12楼了，报个单，urgent", ["create_work_order"], "mixed", "direct"),
("show all open plumbing work orders created this week", ["list_work_orders"], "en", "direct"),
("把 WO-58830 派给 M-017 张师傅，明天上午10点上门", ["assign_work_order"], "zh", "direct"),
("给 8-1-1702 安排退租验房，12月15号", ["schedule_inspection"], "zh", "direct"),
("pull inspection report IN-3307, I need the damage cost estimates", ["get_inspection_report"], "en", "direct"),
("any free EV-charger spaces left on B2?", ["list_parking_spaces"], "en", "direct"),
("把车位 B2-A-031 租给 TN-21004，车牌 沪A·F8823，1月1号起租12个月", ["assign_parking_space"], "zh", "direct"),
("1-1-101 有个访客下午3点来，叫刘洋，开车，苏E·7K291", ["register_visitor"], "zh", "direct"),
("who visited 5-2-1801 yesterday? need the gate records", ["list_visitor_records"], "en", "direct"),
("发个通知：12月8号 9:00-15:00 锦绣华庭5、6号楼停水，二次供水检修，App和短信都推", ["publish_notice"], "zh", "direct"),
("what notices have we sent out this month?", ["list_notices"], "en", "direct"),
("给 TN-20447 发个短信提醒物业费还没交，语气客气点", ["send_tenant_message"], "zh", "direct"),
("给业主 OW-1182 出一下 9-11 月的对账单", ["generate_owner_statement"], "zh", "direct"),
("generate Q3 owner statement for OW-1240 (Jul–Sep) and send it to him", ["generate_owner_statement"], "en", "direct"),
("小区装修 allowed hours 是几点到几点？查下管理规约", ["search_regulations"], "mixed", "direct"),
("养狗需要在物业登记吗？我们小区规约怎么写的", ["search_regulations"], "zh", "direct"),
("what's our policy on subletting — are tenants allowed to put units on Airbnb?", ["search_regulations"], "en", "direct"),
("app 上有个住户说他刷卡交了钱但是账单还显示 unpaid，房号 3-1-0902，帮我看下 bills", ["get_bills"], "mixed", "direct"),
(LONG_GROUP_CHAT, ["create_work_order"], "zh", "direct"),
# ---- multi
("WO-58840 派给 M-022，然后短信通知住户 TN-20514 明天下午两点上门", ["assign_work_order", "send_tenant_message"], "zh", "multi"),
("record a 3,200 bank transfer for 7-2-502 and then show me what's still unpaid for that unit", ["record_payment", "get_bills"], "en", "multi"),
("录入 6-2-1401 电表读数 8821，然后把它12月的电费账单生成出来", ["submit_meter_reading", "generate_bills"], "zh", "multi"),
("欠费两个月以上的先列出来，然后发个全小区的缴费提醒通知", ["list_arrears", "publish_notice"], "zh", "multi"),
("LS-2024-0877 续到明年底，rent 不变，然后下周一安排一次 routine inspection", ["renew_lease", "schedule_inspection"], "mixed", "multi"),
("check the lease on 8-1-1702 and book the move-out inspection for Dec 15", ["get_lease", "schedule_inspection"], "en", "multi"),
("B1 还有空车位吗？有的话给 TN-20988 分一个，车牌 浙B·2M77Q", ["list_parking_spaces", "assign_parking_space"], "zh", "multi"),
("12-1-601 的业主是谁？顺便给他出11月的对账单", ["get_owner", "generate_owner_statement"], "zh", "multi"),
# ---- near_destroy
("lease LS-2025-0412 — when does it end and how much is the deposit?", ["get_lease"], "en", "near_destroy"),
("WO-58812 派给谁了，师傅什么时候上门？", ["get_work_order"], "zh", "near_destroy"),
("BL-202611-03021 这张账单是什么费用？多少钱？", ["get_bills"], "zh", "near_destroy"),
("车位 B2-A-031 现在是谁在用", ["list_parking_spaces"], "zh", "near_destroy"),
("is visitor pass VP-88213 still valid? which unit is it for?", ["list_visitor_records"], "en", "near_destroy"),
("did notice NT-0457 actually go out?", ["list_notices"], "en", "near_destroy"),
("4-2-1901 的押金交了多少？租户说月底要退租，先看看", ["get_lease"], "zh", "near_destroy"),
("show me the move-out inspection for 8-1-1702 before we refund anything", ["get_inspection_report"], "en", "near_destroy"),
("WO-58901 的处理记录给我看下，住户说想撤单，先看看进度再说", ["get_work_order"], "zh", "near_destroy"),
("LS-2023-0311 提前退租的违约条款是怎么约定的？", ["get_lease"], "zh", "near_destroy"),
("update TN-21004's plate to 沪A·F8823 — don't touch his parking space, just the plate", ["update_tenant"], "mixed", "near_destroy"),
# ---- destroy
("LS-2025-0412 租户12月31号退租，提前解约，违约金收一个月 6,800，把租约终止掉", ["terminate_lease"], "zh", "destroy"),
("BL-202611-03021 开重复了，作废掉", ["void_bill"], "zh", "destroy"),
("refund the deposit on LS-2024-0655: 13,600 minus 800 for the broken wardrobe door, so 12,800", ["refund_deposit"], "en", "destroy"),
("WO-58901 住户说自己修好了，撤销这个工单", ["cancel_work_order"], "zh", "destroy"),
("B2-A-031 这个车位 TN-21004 不租了，12月31号解除", ["release_parking_space"], "zh", "destroy"),
("NT-0457 went out with the wrong date, delete it", ["delete_notice"], "en", "destroy"),
(LONG_GATE_LOG, ["revoke_visitor_pass"], "en", "destroy"),
# ---- no_tool
("你好呀，今天过得怎么样？", [], "zh", "no_tool"),
("押金一般是几个月的房租？", [], "zh", "no_tool"),
("write a polite e-mail template for late rent", [], "en", "no_tool"),
("Write a Python function that computes tiered water charges: first 220 m³ a year at 3.45/m³, 220-300 at 4.83, above 300 at 5.83", [], "en", "no_tool"),
("谢谢你，今天帮了大忙🙏", [], "zh", "no_tool"),
("thanks!", [], "en", "no_tool"),
("物业费和管理费是一回事吗？有什么区别", [], "zh", "no_tool"),
("冬天水管防冻有什么小妙招？想整理一下发给住户参考", [], "zh", "no_tool"),
("帮我起草一个春节期间物业值班安排的通知，先别发，我要给领导看", [], "zh", "no_tool"),
("industry-wise, what's a reasonable response time for urgent plumbing repairs?", [], "en", "no_tool"),
("租客可以拒绝房东进屋检查吗？法律上是怎么规定的", [], "zh", "no_tool"),
("Excel 里怎么用 SUMIFS 按楼栋汇总欠费金额？", [], "mixed", "no_tool"),
("早上好☀️", [], "zh", "no_tool"),
("how are you doing today?", [], "en", "no_tool"),
("你觉得老小区物业费该不该涨？说说你的看法", [], "zh", "no_tool"),
("电梯困人的应急处理流程一般是怎样的？我要给新来的保安讲一下", [], "zh", "no_tool"),
("explain simply: what's the difference between terminating a lease and a lease expiring?", [], "en", "no_tool"),
("帮我把这句催缴话术改委婉一点：“再不交物业费就停你家车卡”", [], "zh", "no_tool"),
("what's a typical 公摊面积 ratio for a high-rise in Shanghai?", [], "mixed", "no_tool"),
("财务上说的“作废”和“红冲”有什么区别？", [], "zh", "no_tool"),
("写一段SQL，统计每栋楼每月的报修数量，表是 work_orders(building, created_at)", [], "zh", "no_tool"),
("tell me a joke about property managers", [], "en", "no_tool"),
("ok never mind, all good", [], "en", "no_tool"),
(LONG_COMPLAINT_ZH, [], "zh", "no_tool"),
("垃圾分类里湿垃圾和干垃圾怎么区分？帮我写个 simple guide 贴电梯里", [], "mixed", "no_tool"),
]
QUERIES = [Q(f"pm-q{k+1:03d}", q, g, l, kd) for k, (q, g, l, kd) in enumerate(R)]
