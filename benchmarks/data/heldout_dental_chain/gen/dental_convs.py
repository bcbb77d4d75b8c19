import sys, random; sys.path.insert(0, __import__("os").path.dirname(__file__))
from common import Conv
R = random.Random(11)
convs = []
SURN = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗"
GIV = ["伟", "芳", "秀英", "敏", "静", "磊", "洋", "艳", "杰", "娟", "涛", "明", "超", "霞", "平", "刚", "桂英", "晨", "一鸣", "思远"]
def name(): return R.choice(SURN) + R.choice(GIV)

# c01
c = Conv("dc-c01", "zh", "front desk reschedule: find patient, availability, pick slot by position")
c.turn("周婉清明天有预约吗？", "first",
  steps=[[("search_patients", {"keyword": "周婉清"}, {"results": [{"patient_id": "P-0047718", "name": "周婉清", "gender": "female", "age": 34, "phone": "139****2261", "clinic_code": "SH-XH"}]})],
         [("list_appointments", {"patient_id": "P-0047718", "date_from": "2026-12-04", "date_to": "2026-12-04"}, {"appointments": [{"appointment_id": "AP-20261204-0057", "start_time": "2026-12-04T09:30:00+08:00", "duration_min": 30, "doctor_id": "D-135", "doctor_name": "李文博", "clinic_code": "SH-XH", "service_type": "补牙复查", "status": "booked"}]})]],
  reply="有的。周婉清（P-0047718）明天 12月4日 9:30 在徐汇店约了李文博医生（D-135）的补牙复查，30分钟。")
c.turn("她想改到周五下午，李医生周五下午还有空吗", "follow_up",
  [("check_doctor_availability", {"doctor_id": "D-135", "clinic_code": "SH-XH", "date": "2026-12-05"}, {"doctor_id": "D-135", "date": "2026-12-05", "free_slots": ["13:30", "14:00", "15:30", "16:00", "17:30"]})],
  "李医生周五（12月5日）下午空的时段有 13:30、14:00、15:30、16:00、17:30。")
c.turn("就约第二个时间吧", "reference",
  [("reschedule_appointment", {"appointment_id": "AP-20261204-0057", "new_start_time": "2026-12-05T14:00:00+08:00", "notify_patient": True}, {"appointment_id": "AP-20261204-0057", "start_time": "2026-12-05T14:00:00+08:00", "doctor_id": "D-135", "status": "booked", "sms": {"template": "appointment_reminder", "status": "queued"}})],
  "已改约：AP-20261204-0057 改到 12月5日（周五）14:00，医生还是李文博，预约号不变。")
c.turn("改完会通知她吗？", "answered", [], "会的，改约确认短信已经排队发送给她了。")
c.turn("好嘞 谢谢", "closing", [], "不客气～")
convs.append(c)

# c02
bills = [{"bill_id": "B-20261121-0233", "date": "2026-11-21", "clinic_code": "SH-XH", "items": ["光固化复合树脂充填（进口）×2", "全景片"], "total": 1260.0, "paid": 1260.0, "method": "alipay"},
         {"bill_id": "B-20261017-0410", "date": "2026-10-17", "clinic_code": "SH-XH", "items": ["超声波洁治（全口）", "抛光"], "total": 398.0, "paid": 398.0, "method": "wechat", "insurance_claim_id": "CLM-260601"},
         {"bill_id": "B-20260612-0128", "date": "2026-06-12", "clinic_code": "SH-XH", "items": ["口腔检查", "根尖片"], "total": 120.0, "paid": 120.0, "method": "wechat"},
         {"bill_id": "B-20260315-0077", "date": "2026-03-15", "clinic_code": "SH-PD", "items": ["超声波洁治（全口）"], "total": 298.0, "paid": 298.0, "method": "alipay"}]
c = Conv("dc-c02", "zh", "billing complaint; check images; refund after confirmation")
c.turn("P-0047718 最近的账单拉一下", "first",
  [("list_bills", {"patient_id": "P-0047718"}, {"patient_id": "P-0047718", "bills": bills})],
  "P-0047718 共4张账单：11月21日 1,260 元（树脂充填×2 + 全景片）、10月17日洗牙 398 元（已提交理赔 CLM-260601）、6月12日检查+根尖片 120 元、3月15日浦东店洗牙 298 元。都已付清。")
c.turn("11月21号那张看下明细", "reference",
  [("get_bill", {"bill_id": "B-20261121-0233"}, {"bill_id": "B-20261121-0233", "patient_id": "P-0047718", "doctor": "李文博 D-135", "lines": [
      {"item_id": "BI-1", "name": "光固化复合树脂充填（进口） 36", "price": 480.0}, {"item_id": "BI-2", "name": "光固化复合树脂充填（进口） 37", "price": 480.0}, {"item_id": "BI-3", "name": "全景片", "price": 300.0}],
      "discount": 0, "total": 1260.0, "payments": [{"method": "alipay", "amount": 1260.0, "at": "2026-11-21T16:42:10+08:00", "txn": "2026112122001455"}], "balance": 0})],
  "明细：36、37 两颗进口树脂充填各 480 元，全景片 300 元，合计 1,260 元，11月21日 16:42 支付宝一次付清。")
c.turn("那天她到底拍的是什么片子", "follow_up",
  [("list_xray_images", {"patient_id": "P-0047718", "date_from": "2026-11-21"}, {"patient_id": "P-0047718", "images": [{"image_id": "IMG-55119804", "modality": "periapical", "tooth": "36", "taken_at": "2026-11-21T15:58:00+08:00", "clinic_code": "SH-XH"}]})],
  "11月21日只有一张根尖片（IMG-55119804，牙位36），没有全景片记录。所以账单上那 300 元的全景片看起来是收错了。要不要把这 300 元原路退给她？300 元低于 2000 元，不需要店长审批码。")
c.turn("店长同意了，退吧，原因写收费项目录入错误", "confirmation",
  [("issue_refund", {"bill_id": "B-20261121-0233", "amount": 300.0, "reason": "收费项目录入错误：当日为根尖片，误收全景片费用"}, {"refund_id": "RF-260219", "bill_id": "B-20261121-0233", "amount": 300.0, "channel": "alipay", "status": "processing", "expected_arrival": "1-3个工作日"})],
  "已发起退款 RF-260219：300 元原路退回支付宝，预计 1–3 个工作日到账。")
c.turn("帮我写条微信给她，解释一下并道歉，别太长", "advice", [],
  "周女士您好，我们核对了11月21日的收费：当天您拍的是根尖片，账单上误录成了全景片，多收了300元。非常抱歉给您添麻烦了！300元已经原路退回您的支付宝，预计1–3个工作日到账。保险理赔的进度店长明天中午会打电话跟您说明。再次向您致歉🙏")
c.turn("👌 谢了", "closing", [], "不客气！")
convs.append(c)

# c03
c = Conv("dc-c03", "mixed", "find patient, insurance check, plan create then price correction")
c.turn("Gao Mingyu 已经在系统里了吗？手机 135 8820 4417", "first",
  [("search_patients", {"keyword": "13588204417"}, {"results": [{"patient_id": "P-0052210", "name": "高明宇", "gender": "male", "age": 47, "phone": "135****4417", "clinic_code": "HZ-XH"}]})],
  "在的：高明宇（P-0052210），男，47岁，常去杭州西湖店。")
c.turn("那就是他, check his insurance for implant", "reference",
  [("check_insurance_eligibility", {"patient_id": "P-0052210", "procedure": "implant"}, {"patient_id": "P-0052210", "insurer": "平安健康", "policy_no": "PA-DEN-7781203", "procedure": "implant", "covered": True, "coverage_ratio": 0.5, "annual_limit": 8000, "used_this_year": 0, "remaining": 8000, "waiting_period_ends": "2026-08-28"})],
  "He is covered by 平安健康 (policy PA-DEN-7781203). Implants are reimbursed at 50%, with an annual limit of ¥8,000, all of it still unused this year. The waiting period ended on 28 Aug, so it applies now.")
c.turn("ok create treatment plan: extract 46 ¥800, implant 46 ¥9800, crown on 46 ¥3200 in phase 2. Dr Chen D-207", "follow_up",
  [("create_treatment_plan", {"patient_id": "P-0052210", "doctor_id": "D-207", "items": [{"procedure": "拔牙", "tooth": "46", "price": 800, "phase": 1}, {"procedure": "种植体植入", "tooth": "46", "price": 9800, "phase": 1}, {"procedure": "种植牙冠", "tooth": "46", "price": 3200, "phase": 2}]},
    {"plan_id": "TP-77305", "patient_id": "P-0052210", "items": [{"item_id": "TPI-1", "procedure": "拔牙", "tooth": "46", "price": 800}, {"item_id": "TPI-2", "procedure": "种植体植入", "tooth": "46", "price": 9800}, {"item_id": "TPI-3", "procedure": "种植牙冠", "tooth": "46", "price": 3200}], "total": 13800})],
  "Treatment plan TP-77305 is created, total ¥13,800. Phase 1 is the extraction of 46 (¥800) and the implant at 46 (¥9,800). Phase 2 is the crown on 46 (¥3,200).")
c.turn("种植体价格错了，应该是 12800，含骨粉", "correction",
  [("update_treatment_plan", {"plan_id": "TP-77305", "remove_item_ids": ["TPI-2"], "add_items": [{"procedure": "种植体植入（含骨粉）", "tooth": "46", "price": 12800, "phase": 1}], "note": "种植体价格更正，含骨粉"},
    {"plan_id": "TP-77305", "items": [{"item_id": "TPI-1", "procedure": "拔牙", "tooth": "46", "price": 800}, {"item_id": "TPI-4", "procedure": "种植体植入（含骨粉）", "tooth": "46", "price": 12800}, {"item_id": "TPI-3", "procedure": "种植牙冠", "tooth": "46", "price": 3200}], "total": 16800})],
  "已更正：种植体植入（含骨粉）改为 ¥12,800，计划总额现在是 ¥16,800。")
c.turn("thx", "closing", [], "不客气！")
convs.append(c)

# c04
staff = []
roles = [("dentist", "D"), ("dentist", "D"), ("dentist", "D"), ("dentist", "D"), ("nurse", "N"), ("nurse", "N"), ("nurse", "N"), ("nurse", "N"), ("nurse", "N"), ("nurse", "N"), ("front_desk", "F"), ("front_desk", "F"), ("front_desk", "F"), ("hygienist", "H")]
for i, (role, p) in enumerate(roles):
    staff.append({"staff_id": f"{p}-0{400+i*3}", "name": name(), "role": role, "shift": R.choice(["morning", "afternoon", "full_day", "full_day"])})
staff[5].update({"staff_id": "N-0411", "name": "吴静", "shift": "afternoon"})
low = []
items = [("GLV-M", "丁腈手套 M 码", "box", 40), ("LID-2-50", "利多卡因 2% 5ml", "box", 20), ("ART-4", "阿替卡因肾上腺素注射液", "box", 15), ("BUR-FG-SET", "金刚砂车针套装", "set", 10),
         ("Z350-A2", "3M Filtek Z350 XT A2", "syringe", 12), ("Z350-A3", "3M Filtek Z350 XT A3", "syringe", 12), ("CHX-250", "氯己定含漱液 250ml", "bottle", 30), ("SUT-4-0", "缝合线 4-0", "box", 8),
         ("MASK-L1", "医用外科口罩", "box", 50), ("SAL-EJ", "吸唾管", "bag", 25), ("ETCH-37", "37% 磷酸酸蚀剂", "syringe", 10), ("BOND-U", "Single Bond Universal", "bottle", 6)]
for sku, n, unit, safe in items:
    low.append({"sku": sku, "name": n, "unit": unit, "on_hand": R.randrange(0, safe // 2 + 1), "safety_stock": safe, "preferred_supplier": R.choice(["3M 中国", "上海康桥齿科", "登士柏西诺德", "稳健医疗"])})
next(x for x in low if x["sku"] == "LID-2-50")["on_hand"] = 5
c = Conv("dc-c04", "en", "clinic manager: roster, shift change, low stock, PO confirm, chained write-off")
c.turn("who's working at SH-PD this Saturday (12/6)?", "first",
  [("get_staff_roster", {"clinic_code": "SH-PD", "date_from": "2026-12-06", "date_to": "2026-12-06", "role": "all"}, {"clinic_code": "SH-PD", "date": "2026-12-06", "staff": staff})],
  f"14 people are on at SH-PD on Saturday 6 Dec: 4 dentists, 6 nurses, 3 front desk and 1 hygienist. Nurse 吴静 (N-0411) is on the afternoon shift.")
c.turn("move Wu Jing to the morning", "reference",
  [("update_staff_roster", {"staff_id": "N-0411", "clinic_code": "SH-PD", "date": "2026-12-06", "shift": "morning"}, {"staff_id": "N-0411", "date": "2026-12-06", "shift": "morning", "conflicts": []})],
  "Done. 吴静 (N-0411) is now on the morning shift on 6 Dec, with no conflicts.")
c.turn("different thing, what's below safety stock at SH-PD?", "switch",
  [("get_low_stock_items", {"clinic_code": "SH-PD"}, {"clinic_code": "SH-PD", "items": low})],
  "12 items are below safety stock at SH-PD. They include nitrile gloves (M), 2% lidocaine, articaine, Z350 A2/A3 composite, sutures and bonding agent. Shall I raise one purchase order that brings every item back up to its safety stock?")
c.turn("yes, order those", "confirmation",
  [("create_purchase_order", {"clinic_code": "SH-PD", "lines": [{"sku": x["sku"], "quantity": x["safety_stock"] - x["on_hand"]} for x in low]}, {"po_id": "PO-2026-1187", "clinic_code": "SH-PD", "lines": len(low), "status": "submitted", "expected_delivery": "2026-12-08"})],
  "Purchase order PO-2026-1187 has been submitted: 12 lines, each topping its item up to safety stock, delivery expected 8 Dec.")
c.turn("also write off the 3 expired boxes of lidocaine there, I don't remember the batch number", "chain",
  steps=[[("search_inventory", {"keyword": "利多卡因", "clinic_code": "SH-PD"}, {"results": [{"sku": "LID-2-50", "name": "利多卡因 2% 5ml", "clinic_code": "SH-PD", "batches": [{"batch_no": "L2405", "qty": 3, "expiry": "2026-11-30"}, {"batch_no": "L2511", "qty": 2, "expiry": "2027-10-31"}]}]})],
         [("write_off_inventory", {"clinic_code": "SH-PD", "sku": "LID-2-50", "batch_no": "L2405", "quantity": 3, "reason": "expired"}, {"write_off_id": "WO-260044", "sku": "LID-2-50", "batch_no": "L2405", "quantity": 3, "remaining_on_hand": 2})]],
  reply="The expired batch is L2405 (3 boxes, expired 30 Nov). It is written off as WO-260044. 2 boxes from batch L2511, good until Oct 2027, remain in stock.")
c.turn("great, thanks", "closing", [], "You're welcome.")
convs.append(c)

# c05
imgs = []
mods = ["periapical", "periapical", "panoramic", "intraoral_photo", "periapical", "cbct", "periapical", "intraoral_photo", "panoramic", "cbct"]
for i, m in enumerate(mods):
    imgs.append({"image_id": f"IMG-551{10000 + i*1733}", "modality": m, "tooth": R.choice(["26", "27", "46", None]) if m in ("periapical", "cbct") else None, "taken_at": f"2026-{3 + i:02d}-{R.randrange(1, 28):02d}", "clinic_code": "SH-XH"})
imgs[-1].update({"image_id": "IMG-55120931", "taken_at": "2026-12-01", "tooth": "26"})
c = Conv("dc-c05", "zh", "doctor: images, report, prescription blocked by allergy, corrected")
c.turn("P-0041176 的片子列一下", "first",
  [("list_xray_images", {"patient_id": "P-0041176"}, {"patient_id": "P-0041176", "images": imgs})],
  "P-0041176 共10份影像：根尖片4张、全景片2张、CBCT 2份、口内照2组。最新的是 12月1日拍的 CBCT（IMG-55120931，牙位26）。")
c.turn("最新那张 CBCT 的报告看下", "reference",
  [("get_xray_image", {"image_id": "IMG-55120931"}, {"image_id": "IMG-55120931", "modality": "cbct", "tooth": "26", "taken_at": "2026-12-01T10:12:00+08:00", "report": "26 近中颊根根尖周见约 4mm×3mm 低密度影，边界欠清，提示根尖周炎；根管内未见充填物。27 未见明显异常。上颌窦底黏膜轻度增厚。", "reported_by": "D-112 张立", "viewer_url": "https://pacs.smiledental.example/v/IMG-55120931?t=exp1800"})],
  "报告（张立医生）：26 近中颊根根尖周有约 4×3mm 的低密度影，边界不太清楚，提示根尖周炎，根管内没有充填物；27 没有明显异常；上颌窦底黏膜轻度增厚。查看链接 30 分钟内有效。")
c.turn("给她开阿莫西林 0.5g tid 5天，布洛芬 0.3g 痛时服，诊断 26 根尖周炎，我是 D-112", "switch",
  [("create_prescription", {"patient_id": "P-0041176", "doctor_id": "D-112", "diagnosis": "26 慢性根尖周炎", "drugs": [{"name": "阿莫西林胶囊", "dose": "0.5g", "frequency": "tid", "days": 5}, {"name": "布洛芬缓释胶囊", "dose": "0.3g", "frequency": "prn", "days": 3}]},
    {"status": "rejected", "error": "ALLERGY_CONFLICT", "detail": "患者过敏史：青霉素类（2019 皮疹）。阿莫西林属青霉素类。", "prescription_id": None})],
  "处方被系统拦截了：患者有青霉素类过敏史（2019年出过皮疹），阿莫西林属于青霉素类，所以没有开出去。要换成别的抗生素吗？")
c.turn("那换成克林霉素 0.15g qid 5天，布洛芬照旧", "correction",
  [("create_prescription", {"patient_id": "P-0041176", "doctor_id": "D-112", "diagnosis": "26 慢性根尖周炎", "drugs": [{"name": "盐酸克林霉素胶囊", "dose": "0.15g", "frequency": "qid", "days": 5}, {"name": "布洛芬缓释胶囊", "dose": "0.3g", "frequency": "prn", "days": 3}]},
    {"status": "created", "prescription_id": "RX-2026-119207", "warnings": []})],
  "处方已开：RX-2026-119207，盐酸克林霉素 0.15g qid ×5天，布洛芬缓释胶囊 0.3g 痛时服。过敏校验通过。")
c.turn("根管前吃药期间要跟她交代些什么比较好？", "advice", [],
  "可以这样跟她说：1）克林霉素按时吃满5天，症状好了也别自己停；2）如果出现严重腹泻，特别是水样便或便里带血，马上停药联系我们；3）布洛芬饭后吃，一天最多吃3次；4）这几天尽量用对侧咀嚼，别咬硬东西；5）如果脸颊肿胀加重或发烧，及时来诊。吃完药后按约定时间来做根管。")
c.turn("ok 好的", "closing", [], "好的。")
convs.append(c)

# c06
appts = []
docs = [("D-112", "张立"), ("D-135", "李文博"), ("D-141", "孙悦"), ("D-150", "何嘉")]
svc = ["洗牙", "补牙", "根管治疗", "正畸复诊", "拔牙", "初诊检查", "种植复诊", "儿牙涂氟"]
t0 = [(9, 0), (9, 30), (10, 0), (10, 30), (11, 0), (13, 30), (14, 0), (14, 30), (15, 0), (15, 30), (16, 0), (16, 30), (17, 0), (18, 0), (18, 30), (19, 0), (19, 30), (20, 0)]
for i, (h, m) in enumerate(t0):
    d = docs[i % 4]
    appts.append({"appointment_id": f"AP-20261204-0{100+i}", "start_time": f"2026-12-04T{h:02d}:{m:02d}:00+08:00", "doctor_id": d[0], "doctor_name": d[1], "patient_id": f"P-00{R.randrange(30000, 53000)}", "patient_name": name(), "service_type": R.choice(svc), "status": "booked"})
appts[0].update({"doctor_id": "D-141", "doctor_name": "孙悦"})
appts[1].update({"doctor_id": "D-112", "doctor_name": "张立"})
appts[3].update({"patient_name": "刘建国", "patient_id": "P-0039921", "doctor_id": "D-112", "doctor_name": "张立", "service_type": "根管治疗"})
c = Conv("dc-c06", "mixed", "day list, answered from list, cancel by reference, refund deposit, sms log")
c.turn("明天 SH-XH 的预约 list 一下", "first",
  [("list_appointments", {"clinic_code": "SH-XH", "date_from": "2026-12-04", "date_to": "2026-12-04"}, {"clinic_code": "SH-XH", "date": "2026-12-04", "count": len(appts), "appointments": appts})],
  f"明天（12月4日）徐汇店一共 {len(appts)} 个预约，从 9:00 排到 20:00，四位医生：张立、李文博、孙悦、何嘉。")
c.turn("张医生明天第一个是几点？", "answered", [], "张立医生明天第一个预约是 9:30。")
c.turn("the 10:30 one with 刘先生 - 他打电话说来不了，取消吧", "reference",
  [("cancel_appointment", {"appointment_id": "AP-20261204-0103", "reason": "患者来电表示无法到诊", "notify_patient": True}, {"appointment_id": "AP-20261204-0103", "status": "cancelled", "slot_released": True, "deposit": {"bill_id": "B-20261128-0391", "amount": 200.0, "refunded": False}})],
  "已取消刘建国 10:30 的根管治疗预约（AP-20261204-0103），时段已释放。他付过 200 元定金（账单 B-20261128-0391），还没有退。")
c.turn("把他200定金退了", "reference",
  [("issue_refund", {"bill_id": "B-20261128-0391", "amount": 200.0, "reason": "患者取消预约，退还定金"}, {"refund_id": "RF-260223", "bill_id": "B-20261128-0391", "amount": 200.0, "channel": "wechat", "status": "processing"})],
  "已退：RF-260223，200 元原路退回微信，正在处理中。")
c.turn("btw 明天的提醒短信都发出去了吗？有没有失败的", "switch",
  [("list_sms_logs", {"clinic_code": "SH-XH", "date": "2026-12-03"}, {"date": "2026-12-03", "total": 18, "delivered": 16, "failed": 1, "unsubscribed": 1, "problems": [{"patient_id": "P-0044120", "phone": "186****0032", "status": "failed", "error": "空号"}, {"patient_id": "P-0031877", "phone": "137****5519", "status": "unsubscribed"}]})],
  "今天给明天的预约共发了18条提醒：16条送达，1条失败（P-0044120，号码是空号），1位患者已退订（P-0031877）。这两位建议前台打电话确认。")
c.turn("行 我让前台打电话，thx", "closing", [], "好的！")
convs.append(c)

# c07
c = Conv("dc-c07", "zh", "insurer supplement: claim status, answered, images, bills, drafting")
c.turn("CLM-260788 现在什么进度？", "first",
  [("get_insurance_claim_status", {"claim_id": "CLM-260788"}, {"claim_id": "CLM-260788", "patient_id": "P-0052210", "insurer": "平安健康", "bill_id": "B-20261114-0502", "claimed_amount": 12800.0, "status": "need_more_documents", "requested_documents": ["术前全景片或CBCT（治疗前6个月内）", "术后根尖片或全景片", "主治医生签字的治疗记录（含缺牙原因）", "含种植体品牌批号的明细发票"], "deadline": "2026-12-23"})],
  "CLM-260788（高明宇，P-0052210）现在是“需补充材料”状态，要在 12月23日前补齐，不然会被关闭。")
c.turn("要补哪些材料？", "answered", [], "共4项：1）术前全景片或 CBCT（治疗前6个月内拍的）；2）术后根尖片或全景片；3）主治医生签字的治疗记录，要写明缺牙原因；4）带种植体品牌和批号的明细发票。")
c.turn("把他的全景片和 CBCT 列出来", "follow_up",
  [("list_xray_images", {"patient_id": "P-0052210"}, {"patient_id": "P-0052210", "images": [
      {"image_id": "IMG-55090114", "modality": "panoramic", "taken_at": "2026-04-02", "clinic_code": "HZ-XH"}, {"image_id": "IMG-55102277", "modality": "cbct", "tooth": "46", "taken_at": "2026-10-20", "clinic_code": "HZ-XH"},
      {"image_id": "IMG-55104410", "modality": "periapical", "tooth": "46", "taken_at": "2026-11-14", "clinic_code": "HZ-XH"}, {"image_id": "IMG-55110392", "modality": "panoramic", "taken_at": "2026-11-28", "clinic_code": "HZ-XH"}]})],
  "他有4份影像：4月2日全景片（超过6个月，不能用作术前片）、10月20日 CBCT（牙位46，可以作术前片）、11月14日术中根尖片，以及11月28日全景片（可以作术后片）。建议提交 IMG-55102277 作术前片、IMG-55110392 作术后片。")
c.turn("他这次种植的账单金额和付款方式是？", "switch",
  [("list_bills", {"patient_id": "P-0052210", "date_from": "2026-11-01"}, {"patient_id": "P-0052210", "bills": [{"bill_id": "B-20261114-0502", "date": "2026-11-14", "clinic_code": "HZ-XH", "items": ["种植体植入 46（Straumann BLT 4.1×10, 批号 TR8812）", "骨粉 0.5g"], "total": 12800.0, "paid": 12800.0, "method": "unionpay"}]})],
  "11月14日账单 B-20261114-0502：种植体植入（Straumann BLT 4.1×10，批号 TR8812）加骨粉，合计 12,800 元，银联已全额付清。发票上可以直接写出品牌和批号。")
c.turn("帮我写个回复保险公司的英文邮件开头，两三句就行", "advice", [],
  "Dear Provider Claims Team,\n\nThank you for your e-mail regarding claim CLM-260788 (insured: GAO Mingyu, policy PA-DEN-7781203). Please find attached the requested supplementary documents: the pre-operative CBCT dated 20 Oct 2026, the post-operative panoramic radiograph dated 28 Nov 2026, the signed treatment record and the itemised invoice showing the implant brand and batch number.")
c.turn("好的，谢谢", "closing", [], "不客气！")
convs.append(c)

# c08
c = Conv("dc-c08", "en", "regional manager: two revenue reports, clinic list, KPI advice")
def rev(code, tot, newp):
    return {"clinic_code": code, "period": "month", "month": "2026-11", "revenue": tot, "refunds": round(tot * 0.012, 2), "new_patients": newp, "visits": newp * 6 + 211,
            "by_category": {"implant": round(tot * 0.41, 2), "orthodontics": round(tot * 0.23, 2), "restorative": round(tot * 0.14, 2), "hygiene": round(tot * 0.09, 2), "endo": round(tot * 0.08, 2), "other": round(tot * 0.05, 2)}}
c.turn("revenue for SH-XH last month?", "first",
  [("get_revenue_report", {"clinic_code": "SH-XH", "period": "month", "date": "2026-11-01"}, rev("SH-XH", 1862400.0, 173))],
  "In November SH-XH took in ¥1,862,400, with ¥22,349 in refunds. It saw 173 new patients and 1,249 visits. Implants were 41% of revenue and orthodontics 23%.")
c.turn("and SH-PD?", "follow_up",
  [("get_revenue_report", {"clinic_code": "SH-PD", "period": "month", "date": "2026-11-01"}, rev("SH-PD", 1417850.0, 208))],
  "SH-PD took in ¥1,417,850 in November, with ¥17,014 in refunds, 208 new patients and 1,459 visits. So it had more new patients than Xuhui but about 24% less revenue.")
c.turn("how many clinics do we have in Shenzhen these days?", "switch",
  [("list_clinics", {"city": "深圳"}, {"clinics": [{"clinic_code": "SZ-NS", "name": "深圳南山店", "address": "南山区科技园南区某路 88 号 2 楼", "hours": "09:00-21:00", "chairs": 12},
      {"clinic_code": "SZ-FT", "name": "深圳福田店", "address": "福田区某大道 1020 号", "hours": "09:00-21:00", "chairs": 9}, {"clinic_code": "SZ-BA", "name": "深圳宝安店", "address": "宝安区新安街道某路 15 号", "hours": "09:30-20:30", "chairs": 7}]})],
  "There are three in Shenzhen: Nanshan (SZ-NS, 12 chairs), Futian (SZ-FT, 9 chairs) and Bao'an (SZ-BA, 7 chairs).")
c.turn("what KPIs would you use to compare clinics fairly? they're different sizes", "advice", [],
  "To adjust for size, normalise by capacity: revenue per chair per day, chair utilisation (booked hours / available hours), new patients per chair, case acceptance rate for treatment plans, average revenue per visit, no-show rate, refund rate and 6-month recall rate. Compare the mix of services as well. Implant-heavy clinics will look better on revenue per visit but worse on visits per chair.")
c.turn("useful, thanks", "closing", [], "Glad it helps.")
convs.append(c)
