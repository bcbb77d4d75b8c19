from lib import *
C = []

# pm-c01 --------------------------------------------------------------
c = Conv("pm-c01", "zh", note="报修建单 → 看师傅负荷 → 引用派单 → 确认发短信")
c.u("11-2-1304 厨房水槽下面漏水，挺急的，住户孙女士电话 13761220981，帮我报个单", ["create_work_order"], "first")
c.call(("create_work_order", {"unit": "11-2-1304", "category": "plumbing", "description": "厨房水槽下方漏水，住户孙女士报修，需尽快上门", "priority": "urgent", "reporter_phone": "13761220981"},
  {"work_order_id": "WO-58917", "unit": "11-2-1304", "community": "JXHT", "status": "open", "priority": "urgent", "sla_deadline": "2026-12-03T22:30:00+08:00",
   "reporter": {"tenant_id": "TN-20602", "name": "孙丽娟", "phone": "13761220981"}}))
c.a("已建单 WO-58917（11-2-1304 厨房水槽漏水，紧急），报修人是孙丽娟（TN-20602）。紧急单要在今晚 22:30 前处理，还没派给师傅。")
c.u("最近水电师傅手上都有多少活？看下最近十天还没完成的水电工单", ["list_work_orders"], "follow_up")
wo = [("WO-58790","M-017","张建明","7-1-402","plumbing","卫生间地漏堵塞","in_progress"),("WO-58795","C-004","保洁 王红","5号楼大堂","cleaning","大堂地面污渍","done"),
      ("WO-58802","M-017","张建明","2-2-1101","plumbing","热水器不出热水","assigned"),("WO-58811","M-022","吴强","5-1-303","plumbing","阳台下水管渗水","assigned"),
      ("WO-58812","M-022","吴强","9-1-1203","plumbing","马桶法兰圈更换+防水检查","in_progress"),("WO-58818","M-017","张建明","6-2-801","plumbing","洗衣机龙头漏水","done"),
      ("WO-58830","M-017","张建明","4-2-1901","plumbing","水表复核","assigned"),("WO-58833","A-002","门禁 陈工","GATE-E1","door_access","东门闸机读卡慢","in_progress"),
      ("WO-58841","M-009","李志刚","1-1-101","electrical","客厅插座跳闸","assigned"),("WO-58845","M-022","吴强","12-1-1701","plumbing","装修破坏水管","in_progress"),
      ("WO-58856","M-017","张建明","8-2-606","plumbing","洗手盆龙头漏水","assigned"),("WO-58860","M-009","李志刚","3-2-1502","electrical","入户灯不亮","assigned"),
      ("WO-58864","M-009","李志刚","10-2-1502","electrical","浴霸不工作","done"),("WO-58871","M-022","吴强","6-1-1103","plumbing","厨房下水慢","assigned"),
      ("WO-58880","M-031","周海","10-1-202","electrical","电表箱异响","assigned"),("WO-58893","M-017","张建明","11-1-905","plumbing","马桶水箱不停流水","assigned"),
      ("WO-58902","M-022","吴强","B2车库","plumbing","消防管滴水","assigned"),("WO-58910","G-001","绿化 赵师傅","中心花园","greening","枯树枝清理","open")]
c.call(("list_work_orders", {"created_from": "2026-11-23", "created_to": "2026-12-03"},
  {"total": len(wo), "work_orders": [{"work_order_id": a, "assignee": b, "assignee_name": cn, "unit": u, "category": cat, "summary": sm, "status": st} for (a,b,cn,u,cat,sm,st) in wo]}))
c.a("最近十天的工单里，水电类还没完成的有 13 张（已完成的和保洁、门禁、绿化的没算）：\n- 吴强 M-022：5 张（含 9-1-1203 法兰圈、12-1-1701 水管两张进行中）\n- 张建明 M-017：5 张（7-1-402 进行中）\n- 李志刚 M-009：2 张（都是电路）\n- 周海 M-031：1 张（电表箱）\n水管类主要在吴强和张建明手上，李志刚和周海相对空。")
c.u("派给李志刚吧，他水电都能干，今天下午3点上门", ["assign_work_order"], "reference")
c.call(("assign_work_order", {"work_order_id": "WO-58917", "assignee": "M-009", "visit_time": "2026-12-03T15:00:00+08:00"},
  {"work_order_id": "WO-58917", "status": "assigned", "assignee": "M-009", "assignee_name": "李志刚", "visit_time": "2026-12-03T15:00:00+08:00"}))
c.a("WO-58917 已派给李志刚（M-009），今天 15:00 上门。要不要我给孙女士发个短信告诉她上门时间？")
c.u("好，发一下", ["send_tenant_message"], "confirmation")
c.call(("send_tenant_message", {"tenant_id": "TN-20602", "channel": "sms", "content": "孙女士您好，您报修的厨房水槽漏水（工单WO-58917）已安排维修师傅李志刚今天15:00上门，请家中留人。漏水较多时可先关闭厨房下方角阀。锦绣华庭物业"},
  {"message_id": "SMS-330981", "status": "sent", "to": "137****0981"}))
c.a("短信已发（SMS-330981），告诉了她上门时间，也提醒她漏水多的话先关角阀。")
c.u("ok 谢谢", [], "closing")
c.a("不客气，有进展我这边可以随时帮你查工单。")
C.append(c)

# pm-c02 --------------------------------------------------------------
c = Conv("pm-c02", "zh", note="欠费清单（长）→ 引用查账单 → 已答 → 话术建议 → 确认发送")
c.u("锦绣华庭欠费2个月以上的，按金额排一下", ["list_arrears"], "first")
ar = [("12-2-2201","TN-20311",9,22308.0),("3-1-0802","TN-20177",7,9430.5),("6-2-1401","TN-20865",6,8102.0),("9-1-1203","TN-20740",5,6655.0),
      ("1-2-0301","TN-20034",8,5980.0),("7-3-1201","TN-20990",4,5120.4),("10-2-1502","TN-21051",4,4870.0),("5-1-0802","TN-20519",3,3966.0),
      ("2-1-0701","TN-20088",3,3510.0),("8-1-1702","TN-20712",3,3009.1),("11-1-0905","TN-20634",3,2871.0),("4-1-0603","TN-20256",2,2230.0),
      ("6-1-1103","TN-20812",2,1860.0),("12-1-0601","TN-20370",2,1822.0),("3-2-1502","TN-20921",2,1540.0),("9-2-0302","TN-20758",2,1208.0)]
c.call(("list_arrears", {"community": "JXHT", "min_months": 2, "sort_by": "amount"},
  {"community": "JXHT", "as_of": "2026-12-03", "total_units": len(ar), "total_amount": round(sum(x[3] for x in ar), 2),
   "rows": [{"unit": u, "tenant_id": t, "months": m, "amount": a} for (u,t,m,a) in ar]}))
c.a("锦绣华庭欠费 ≥2 个月的共 16 户，合计 84,482.00 元。前几名：\n1. 12-2-2201：9个月，22,308.00\n2. 3-1-0802：7个月，9,430.50\n3. 6-2-1401：6个月，8,102.00\n4. 9-1-1203：5个月，6,655.00\n5. 1-2-0301：8个月，5,980.00\n6. 7-3-1201：4个月，5,120.40\n7. 10-2-1502：4个月，4,870.00\n其余 9 户都在 4,000 元以下。")
c.u("第一个看下明细，怎么欠这么多", ["get_bills"], "reference")
bills = []
for k, mth in enumerate(["2026-03","2026-04","2026-05","2026-06","2026-07","2026-08","2026-09","2026-10","2026-11"]):
    bills.append({"bill_id": f"BL-{mth.replace('-','')}-0{2201+k}", "period": mth, "items": {"property_fee": 512.0, "rent": 1800.0, "parking": 0 if k < 4 else 300.0}, "amount": 2312.0 if k < 4 else 2612.0, "status": "unpaid"})
c.call(("get_bills", {"unit": "12-2-2201", "status": "unpaid"},
  {"unit": "12-2-2201", "tenant_id": "TN-20311", "tenant_name": "郑浩", "role": "租户", "unpaid_bills": bills, "unpaid_total": 22308.0, "last_payment": {"date": "2026-02-27", "amount": 2312.0}}))
c.a("12-2-2201 租户郑浩（TN-20311），从 3 月起 9 个月没交，最后一次缴费是 2 月 27 日：\n- 每月物业费 512 + 租金 1,800（公司代收）\n- 7 月起新增车位费 300\n- 3–6 月每月 2,312，7–11 月每月 2,612，合计 22,308 元")
c.u("他最后一次交钱是什么时候？", [], "answered")
c.a("2026-02-27，交了 2,312 元（2 月的账单）。之后就再没交过。")
c.u("催缴短信怎么写比较好？别太凶，但要让他知道严重性", [], "advice")
c.a("建议这样写：\n“郑先生您好，您名下12-2-2201自2026年3月起的物业费、租金及车位费共计22,308元尚未缴纳，已逾期9个月。请于12月15日前通过业主App或到物业前台缴纳；如有困难可联系我们协商分期。逾期未处理的，我们将按租约约定处理。咨询电话：021-5xxx-8800。锦绣华庭物业”\n写清金额和期限，给出分期的选项，再点一句按租约处理，不说威胁的话。")
c.u("可以，就按这个发，电话写 021-5866-8800", ["send_tenant_message"], "confirmation")
c.call(("send_tenant_message", {"tenant_id": "TN-20311", "channel": "sms", "content": "郑先生您好，您名下12-2-2201自2026年3月起的物业费、租金及车位费共计22,308元尚未缴纳，已逾期9个月。请于12月15日前通过业主App或到物业前台缴纳；如有困难可联系我们协商分期。逾期未处理的，我们将按租约约定处理。咨询电话：021-5866-8800。锦绣华庭物业"},
  {"message_id": "SMS-331002", "status": "sent", "to": "186****3307"}))
c.a("已发送（SMS-331002）。12月15日截止后我可以帮你再查一下他有没有缴。")
C.append(c)

# pm-c03 --------------------------------------------------------------
c = Conv("pm-c03", "en", note="move-out: lease → inspection → report → terminate → refund deposit on confirmation")
c.u("tenant in 8-1-1702 is moving out mid-December. what does the lease say?", ["get_lease"], "first")
c.call(("get_lease", {"unit": "8-1-1702"},
  {"lease_id": "LS-2025-0388", "unit": "8-1-1702", "community": "JXHT", "tenant": {"tenant_id": "TN-20712", "name": "Marco Bianchi"}, "owner_id": "OW-1207",
   "start_date": "2025-06-01", "end_date": "2027-05-31", "monthly_rent": 7200.0, "deposit": 14400.0, "payment_cycle": "quarterly", "status": "active",
   "early_termination": "tenant gives 30 days' written notice; penalty one month's rent unless a replacement tenant is found", "notice_received": "2026-11-12"}))
c.a("Lease LS-2025-0388 (Marco Bianchi, TN-20712), runs 1 Jun 2025 – 31 May 2027, rent ¥7,200/month paid quarterly, deposit ¥14,400. Early termination needs 30 days' written notice plus one month's rent as penalty, unless a replacement tenant is found. His written notice came on 12 Nov, so 15 Dec is more than 30 days after it.")
c.u("book the move-out inspection for Dec 15, inspector S-04", ["schedule_inspection"], "follow_up")
c.call(("schedule_inspection", {"unit": "8-1-1702", "type": "move_out", "date": "2026-12-15", "inspector": "S-04"},
  {"inspection_id": "IN-3315", "unit": "8-1-1702", "type": "move_out", "date": "2026-12-15", "slot": "10:00-11:30", "inspector": "S-04", "status": "scheduled"}))
c.a("Move-out inspection IN-3315 is booked for 15 Dec, 10:00–11:30, inspector S-04.")
c.u("update — he left early, S-04 did the inspection this morning instead, same id. what did they find?", ["get_inspection_report"], "reference")
c.call(("get_inspection_report", {"inspection_id": "IN-3315"},
  {"inspection_id": "IN-3315", "unit": "8-1-1702", "type": "move_out", "done_at": "2026-12-03T09:40:00+08:00", "inspector": "S-04",
   "checklist": {"walls": "ok", "floors": "minor scratches (normal wear)", "kitchen": "ok", "bathroom": "ok", "appliances": "ok", "keys_returned": "2/2", "access_cards_returned": "1/2"},
   "damages": [{"item": "bedroom wardrobe sliding door off track, panel cracked", "estimated_cost": 800.0}, {"item": "missing access card", "estimated_cost": 50.0}],
   "meter_readings": {"water": 512.3, "electricity": 10244.0}, "photos": 23}))
c.a("IN-3315 done this morning: apartment in good shape, floor scratches counted as normal wear. Two charges: wardrobe sliding door cracked and off track (est. ¥800) and one of two access cards not returned (¥50). Keys 2/2 returned. Final meters: water 512.3, electricity 10,244.")
c.u("ok terminate the lease as of today. no penalty, the owner already has a new tenant lined up", ["terminate_lease"], "follow_up")
c.call(("terminate_lease", {"lease_id": "LS-2025-0388", "move_out_date": "2026-12-03", "reason": "tenant early move-out; replacement tenant found by owner", "penalty": 0.0},
  {"lease_id": "LS-2025-0388", "status": "terminated", "move_out_date": "2026-12-03", "penalty": 0.0, "rent_paid_through": "2026-12-31",
   "rent_refund_due": 6503.23, "outstanding_bills": 3395.5, "outstanding_breakdown": [{"item": "2026-09..11 property fee + utilities", "amount": 3009.1}, {"item": "final utilities 12-01..12-03 (meters from IN-3315)", "amount": 386.4}],
   "deposit_held": 14400.0}))
c.a("LS-2025-0388 is terminated as of 3 Dec with no penalty. Rent was prepaid to 31 Dec, so ¥6,503.23 of rent is due back to him; that is settled separately. He still owes ¥3,395.50 in bills (Sep–Nov property fee and utilities ¥3,009.10, plus final utilities ¥386.40). The deposit held is ¥14,400.\nIf we take the damages (¥850) and the unpaid bills (¥3,395.50) out of the deposit, the refund is ¥14,400 − 850 − 3,395.50 = **¥10,154.50**. Shall I refund that to his registered account?")
c.u("yes go ahead", ["refund_deposit"], "confirmation")
c.call(("refund_deposit", {"lease_id": "LS-2025-0388", "amount": 10154.5, "deductions": [{"item": "wardrobe door repair", "amount": 800.0}, {"item": "missing access card", "amount": 50.0}, {"item": "unpaid bills incl. final utilities", "amount": 3395.5}]},
  {"refund_id": "DR-0917", "lease_id": "LS-2025-0388", "amount": 10154.5, "bank_account": "ICBC ****6621", "status": "submitted", "expected": "2026-12-08"}))
c.a("Deposit refund DR-0917 submitted: ¥10,154.50 to ICBC ****6621, expected by 8 Dec. Deductions: ¥800 wardrobe, ¥50 card, ¥3,395.50 unpaid bills. The ¥6,503.23 rent refund is still separate.")
c.u("great, thanks for the help", [], "closing")
c.a("You're welcome!")
C.append(c)

# pm-c04 --------------------------------------------------------------
c = Conv("pm-c04", "zh", note="查已发通知 → 润色 → 确认发布 → 纠正楼栋（撤回+重发）→ 结束")
c.u("12月8号停水的通知我们发过没有？锦绣华庭的", ["list_notices"], "first")
c.call(("list_notices", {"community": "JXHT", "since": "2026-11-15"},
  {"community": "JXHT", "notices": [
    {"notice_id": "NT-0449", "title": "2026年度消防演练通知", "status": "published", "published_at": "2026-11-18 09:00", "channels": ["app", "board"]},
    {"notice_id": "NT-0452", "title": "冬季供暖设备检查", "status": "published", "published_at": "2026-11-22 10:00", "channels": ["app"]},
    {"notice_id": "NT-0455", "title": "12月物业费缴费提醒", "status": "scheduled", "publish_at": "2026-12-05 09:00", "channels": ["app", "sms"]},
    {"notice_id": "NT-0457", "title": "地下车库地坪施工", "status": "published", "published_at": "2026-12-01 17:30", "channels": ["app", "sms", "board"]}]}))
c.a("没有。11月15日以来锦绣华庭的通知只有：消防演练（NT-0449）、供暖设备检查（NT-0452）、车库地坪施工（NT-0457），另外 12月5日 定时发布的物业费缴费提醒（NT-0455）。没有 12月8日 停水的。")
c.u("帮我润色下这段：‘8号5、6号楼停水，9点到3点，修水泵，大家存点水’", [], "advice")
c.a("建议：\n**标题**：关于12月8日5号楼、6号楼临时停水的通知\n**正文**：尊敬的各位业主/住户：因二次供水水泵检修，12月8日（周二）9:00–15:00 5号楼、6号楼将暂停供水。请提前做好储水准备，停水期间请关闭家中水龙头，以免恢复供水时跑水。给您带来的不便，敬请谅解。如有疑问请致电物业服务中心 021-5866-8800。\n锦绣华庭物业服务中心 2026年12月3日\n要我按这个发布吗？")
c.u("好，发吧，App 和短信都推", ["publish_notice"], "confirmation")
body = "尊敬的各位业主/住户：因二次供水水泵检修，12月8日（周二）9:00–15:00 {b}将暂停供水。请提前做好储水准备，停水期间请关闭家中水龙头，以免恢复供水时跑水。给您带来的不便，敬请谅解。如有疑问请致电物业服务中心 021-5866-8800。锦绣华庭物业服务中心 2026年12月3日"
c.call(("publish_notice", {"title": "关于12月8日5号楼、6号楼临时停水的通知", "body": body.format(b="5号楼、6号楼"), "community": "JXHT", "buildings": ["5", "6"], "channels": ["app", "sms"]},
  {"notice_id": "NT-0461", "status": "published", "published_at": "2026-12-03 18:52", "recipients": {"app": 412, "sms": 398}}))
c.a("已发布 NT-0461，推送到 5、6 号楼：App 412 户，短信 398 户。")
c.u("哎呀不对，6号楼不停水，是5号楼和7号楼！赶紧改一下", ["delete_notice", "publish_notice"], "correction")
c.call(("delete_notice", {"notice_id": "NT-0461"},
  {"notice_id": "NT-0461", "status": "withdrawn", "removed_from_app": True, "sms_already_sent": 398, "note": "已发送短信无法撤回"}))
c.call(("publish_notice", {"title": "【更正】关于12月8日5号楼、7号楼临时停水的通知", "body": "【更正：此前通知中的6号楼不停水，停水楼栋为5号楼、7号楼】" + body.format(b="5号楼、7号楼"), "community": "JXHT", "buildings": ["5", "6", "7"], "channels": ["app", "sms"]},
  {"notice_id": "NT-0462", "status": "published", "published_at": "2026-12-03 18:55", "recipients": {"app": 618, "sms": 597}}))
c.a("已处理：\n1. NT-0461 已从 App 撤回，但 398 条短信已经发出，撤不回来；\n2. 发布了更正通知 NT-0462，推送到 5、6、7 号楼（6 号楼也发，让已收到错误短信的住户知道不停水），App 618 户、短信 597 户。")
c.u("好的，谢谢，吓死我了", [], "closing")
c.a("不客气，更正通知已经发出去了，应该没问题。")
C.append(c)

# pm-c05 --------------------------------------------------------------
c = Conv("pm-c05", "mixed", note="EV 车位列表 → 引用分配 → 查旧车位 → 确认解除")
c.u("B2 还有哪些带充电桩的 free spaces?", ["list_parking_spaces"], "first")
sp = ["B2-A-014","B2-A-027","B2-B-003","B2-B-041","B2-B-042","B2-C-009","B2-C-017","B2-C-018","B2-D-022","B2-D-030","B2-D-031"]
c.call(("list_parking_spaces", {"community": "JXHT", "zone": "B2", "status": "free", "ev_charger": True},
  {"community": "JXHT", "zone": "B2", "total": len(sp), "spaces": [{"space_id": x, "status": "free", "ev_charger": True, "charger_kw": 7 if x[3] != "D" else 11, "monthly_fee": 600.0 if x[3] != "D" else 680.0} for x in sp]}))
c.a("B2 目前有 11 个带充电桩的空车位：\n- A 区：B2-A-014、B2-A-027\n- B 区：B2-B-003、B2-B-041、B2-B-042\n- C 区：B2-C-009、B2-C-017、B2-C-018（A–C 区都是 7kW，600 元/月）\n- D 区：B2-D-022、B2-D-030、B2-D-031（11kW，680 元/月）")
c.u("C-017 给 TN-21004，车牌 沪A·F8823，1月1号开始 12 个月", ["assign_parking_space"], "reference")
c.call(("assign_parking_space", {"space_id": "B2-C-017", "tenant_id": "TN-21004", "plate": "沪A·F8823", "start_date": "2027-01-01", "months": 12},
  {"space_id": "B2-C-017", "tenant_id": "TN-21004", "tenant_name": "黄志远", "plate": "沪A·F8823", "start_date": "2027-01-01", "end_date": "2027-12-31", "monthly_fee": 600.0, "first_bill": "BL-202701-P0417", "status": "rented"}))
c.a("B2-C-017 已租给黄志远（TN-21004），车牌 沪A·F8823，2027-01-01 到 2027-12-31，600 元/月，首期账单 BL-202701-P0417。")
c.u("他之前是不是还租着 B1 一个普通车位？B1-A-088 看下现在谁在用", ["list_parking_spaces"], "switch")
c.call(("list_parking_spaces", {"community": "JXHT", "space_id": "B1-A-088"},
  {"spaces": [{"space_id": "B1-A-088", "status": "rented", "ev_charger": False, "tenant_id": "TN-21004", "tenant_name": "黄志远", "plate": "沪A·F8823", "rented_until": "2027-03-31", "monthly_fee": 450.0}]}))
c.a("是的，B1-A-088 还是黄志远在租，车牌也是 沪A·F8823，租到 2027-03-31，450 元/月。如果他换到 C-017，要在 12月31日 把 B1-A-088 解除吗？不然 1–3 月他要付两个车位的钱，同一个车牌也会绑在两个车位上。")
c.u("yes, release it from 12/31, reason 换充电车位", ["release_parking_space"], "confirmation")
c.call(("release_parking_space", {"space_id": "B1-A-088", "end_date": "2026-12-31", "reason": "换充电车位（改租 B2-C-017）"},
  {"space_id": "B1-A-088", "status": "free_from_2027-01-01", "plate_access_removed": "2026-12-31T23:59", "prepaid_refund_due": 1350.0}))
c.a("B1-A-088 从 12月31日 解除，当天 23:59 注销车牌门禁。他预付到 3 月的车位费还剩 1,350 元要退或抵扣，可以抵 B2-C-017 的费用。")
c.u("抵扣就行，先这样，thanks", [], "closing")
c.a("好的。抵扣要财务在账单上操作，记得跟他们说一声。")
C.append(c)

# pm-c06 --------------------------------------------------------------
c = Conv("pm-c06", "zh", note="用水量 → 已答 → 链式查住户发消息 → 切换建单")
c.u("4-2-1901 的住户投诉这个月水费太高了，看下她家最近半年用水", ["get_utility_usage"], "first")
c.call(("get_utility_usage", {"unit": "4-2-1901", "meter_type": "water", "months": 6},
  {"unit": "4-2-1901", "meter_type": "water", "meter_id": "WM-4219014", "unit_price": 3.45, "rows": [
    {"period": "2026-06", "reading_end": 1012.4, "usage_m3": 11.2, "amount": 38.64},
    {"period": "2026-07", "reading_end": 1025.0, "usage_m3": 12.6, "amount": 43.47},
    {"period": "2026-08", "reading_end": 1038.1, "usage_m3": 13.1, "amount": 45.20},
    {"period": "2026-09", "reading_end": 1049.3, "usage_m3": 11.2, "amount": 38.64},
    {"period": "2026-10", "reading_end": 1060.1, "usage_m3": 10.8, "amount": 37.26},
    {"period": "2026-11", "reading_end": 1108.7, "usage_m3": 48.6, "amount": 167.67, "reading_source": "estimated", "note": "抄表员未入户，按系统估算"}]}))
c.a("4-2-1901 前 5 个月每月用水都在 10.8–13.1 吨（37–45 元），11 月突然到了 48.6 吨、167.67 元。11 月这个读数是**系统估算**的（抄表员没进门），所以可能是估算出错，也可能真的有漏水。")
c.u("11月算了多少吨？", [], "answered")
c.a("48.6 吨（按 3.45 元/吨共 167.67 元），是平时的 4 倍左右，而且是估算值。")
c.u("给她发个消息说明一下，说我们下周一上午上门复核水表", ["search_tenants", "send_tenant_message"], "chain")
c.call(("search_tenants", {"keyword": "4-2-1901", "community": "JXHT"},
  {"results": [{"tenant_id": "TN-20496", "name": "何静", "unit": "4-2-1901", "role": "业主", "phone": "139****5512"},
               {"tenant_id": "TN-20497", "name": "林子轩", "unit": "4-2-1901", "role": "家属", "phone": "138****0096"}]}))
c.call(("send_tenant_message", {"tenant_id": "TN-20496", "channel": "app", "content": "何女士您好，经核查，您家11月水费按系统估算读数计算（抄表员未能入户），估算用量48.6吨明显偏高。我们将于12月7日（周一）上午上门复核水表，届时按实际读数重新计算，多收部分将退回或抵扣。如上午不方便请回复告知。锦绣华庭物业"},
  {"message_id": "APP-77120", "status": "delivered"}))
c.a("这户登记的是业主何静（TN-20496），还有家属林子轩。消息发给了何静（APP-77120，已送达），说明了 11 月是估算读数，12月7日（周一）上午上门复核，多收的会退回或抵扣。")
c.u("顺便建个工单，让师傅周一去的时候查下水表和管道有没有漏", ["create_work_order"], "switch")
c.call(("create_work_order", {"unit": "4-2-1901", "category": "plumbing", "description": "11月水费估算异常（48.6吨），复核水表读数 WM-4219014，并检查户内管道、马桶水箱是否漏水", "priority": "normal", "preferred_time": "2026-12-07 上午"},
  {"work_order_id": "WO-58925", "unit": "4-2-1901", "status": "open", "priority": "normal", "sla_deadline": "2026-12-08T18:00:00+08:00"}))
c.a("工单 WO-58925 已建：12月7日上午复核水表 WM-4219014，并检查户内管道和马桶水箱有没有漏。还没派师傅，要派谁跟我说。")
c.u("行，先这样", [], "closing")
c.a("好的。")
C.append(c)

# pm-c07 --------------------------------------------------------------
c = Conv("pm-c07", "en", note="owner lookup → statement → answered from statement → reference to repair order")
c.u("who owns 12-1-601? owner's been emailing about their statement", ["get_owner"], "first")
c.call(("get_owner", {"unit": "12-1-601"},
  {"owner_id": "OW-1182", "name": "赵立明 (Zhao Liming)", "phone": "+61 4** *** 318", "email": "lm.zhao@ozmail.example", "properties": [{"unit": "12-1-601", "area_m2": 128.4, "rental_managed": True, "current_lease": "LS-2024-0655"}, {"unit": "3-2-0402", "area_m2": 89.2, "rental_managed": False}],
   "payout_account": "CMB ****0458", "preferred_language": "en"}))
c.a("12-1-601 is owned by Zhao Liming (OW-1182), who lives in Australia (+61, lm.zhao@ozmail.example) and prefers English. He also owns 3-2-0402 (not rented through us). 12-1-601 is rented through us under LS-2024-0655; payouts go to CMB ****0458.")
c.u("generate his statement for Sep to Nov", ["generate_owner_statement"], "follow_up")
c.call(("generate_owner_statement", {"owner_id": "OW-1182", "period_from": "2026-09", "period_to": "2026-11", "send": False},
  {"owner_id": "OW-1182", "statement_id": "OS-2026-11-1182", "currency": "CNY", "months": [
    {"month": "2026-09", "rent_collected": 8500.0, "mgmt_fee": -680.0, "property_fee": -410.88, "repairs": 0.0, "payout": 7409.12},
    {"month": "2026-10", "rent_collected": 8500.0, "mgmt_fee": -680.0, "property_fee": -410.88, "repairs": -1260.0, "repair_ref": "WO-58544", "payout": 6149.12},
    {"month": "2026-11", "rent_collected": 8500.0, "mgmt_fee": -680.0, "property_fee": -410.88, "repairs": 0.0, "payout": 7409.12}],
   "total_payout": 20967.36, "pdf": "https://files.jxht.example/statements/OS-2026-11-1182.pdf"}))
c.a("Statement OS-2026-11-1182 (Sep–Nov), not sent yet:\n- Each month: rent ¥8,500 collected, management fee −¥680, property fee −¥410.88\n- Sep and Nov payouts: ¥7,409.12 each\n- Oct payout: ¥6,149.12, because of a ¥1,260 repair deduction (WO-58544)\n- Total payout: ¥20,967.36\nPDF: https://files.jxht.example/statements/OS-2026-11-1182.pdf")
c.u("why was October lower?", [], "answered")
c.a("October had a ¥1,260 repair charge (work order WO-58544) taken off. Everything else was the same as the other months.")
c.u("what was that repair exactly? he'll ask", ["get_work_order"], "reference")
c.call(("get_work_order", {"work_order_id": "WO-58544"},
  {"work_order_id": "WO-58544", "unit": "12-1-601", "category": "electrical", "status": "done", "created": "2026-10-09", "closed": "2026-10-11",
   "description": "主卧空调不制热，检查为室外机电容损坏", "assignee": "M-031 周海",
   "log": [{"time": "2026-10-09 14:20", "note": "租户报修"}, {"time": "2026-10-10 10:05", "note": "上门检测，室外机启动电容损坏，需更换"}, {"time": "2026-10-11 15:30", "note": "更换电容+加氟，测试正常"}],
   "charges": [{"item": "启动电容", "amount": 180.0}, {"item": "R410A 加氟", "amount": 680.0}, {"item": "人工", "amount": 400.0}], "owner_approval": "邮件同意 2026-10-10 (lm.zhao@ozmail.example)", "rating": 5}))
c.a("WO-58544: the master-bedroom air conditioner stopped heating (reported 9 Oct). The technician (周海) found a failed start capacitor on the outdoor unit, replaced it and topped up refrigerant on 11 Oct. Cost: capacitor ¥180 + R410A refrigerant ¥680 + labour ¥400 = ¥1,260. **Mr Zhao approved it himself by email on 10 Oct**, so you can point him to that.")
c.u("perfect, that's what I needed. thanks", [], "closing")
c.a("Glad to help. Do you want me to send the statement PDF to him next time?")
C.append(c)

# pm-c08 --------------------------------------------------------------
c = Conv("pm-c08", "mixed", note="访客记录 → 已答 → 确认作废通行证 → 重新登记 → 建议")
c.u("5-2-1801 的住户说晚上总有陌生人刷她的访客码进小区，看下最近两天的访客记录", ["list_visitor_records"], "first")
recs = [("2026-12-02 23:41","GATE-N2","IN"),("2026-12-02 23:58","GATE-N2","OUT"),("2026-12-03 00:12","GATE-S1","IN"),("2026-12-03 00:47","GATE-S1","OUT"),
        ("2026-12-03 01:15","GATE-E1","IN"),("2026-12-03 01:33","BLDG-5-2","LOBBY"),("2026-12-03 01:52","BLDG-7-1","DENIED"),("2026-12-03 02:05","GATE-E1","OUT"),
        ("2026-12-03 02:40","GATE-N2","IN"),("2026-12-03 02:59","GATE-N2","OUT"),("2026-12-03 06:31","GATE-N2","IN")]
c.call(("list_visitor_records", {"host_unit": "5-2-1801", "date_from": "2026-12-02", "date_to": "2026-12-03"},
  {"host_unit": "5-2-1801", "passes": [
     {"pass_id": "VP-88213", "visitor_name": "快递", "visitor_phone": None, "issued_at": "2026-11-28 10:02", "issuer": "frontdesk_03", "valid_hours": 720, "valid_until": "2026-12-28 10:02", "purpose": "快递送货"},
     {"pass_id": "VP-89960", "visitor_name": "钱女士", "issued_at": "2026-12-02 15:10", "issuer": "resident_app", "valid_hours": 4, "purpose": "朋友来访"}],
   "records": [{"time": "2026-12-02 15:22", "pass_id": "VP-89960", "gate": "GATE-S1", "direction": "IN"}, {"time": "2026-12-02 18:40", "pass_id": "VP-89960", "gate": "GATE-S1", "direction": "OUT"}] +
              [{"time": t, "pass_id": "VP-88213", "gate": g, "direction": d} for (t, g, d) in recs]}))
c.a("最近两天 5-2-1801 名下有两张访客证：\n- VP-89960：住户自己在 App 上给钱女士开的，12/2 15:22 进、18:40 出，正常。\n- **VP-88213**：11月28日 前台 frontdesk_03 开的“快递送货”，有效期 **720 小时**（到 12月28日）。12/2 23:41 到 12/3 06:31 之间被用了 11 次，进出 N2/S1/E1 三个门，01:52 还想进 7 号楼被拒。\n这张明显不对，访客证按规定最长 24 小时。")
c.u("这个码是谁开的？开了多久？", [], "answered")
c.a("前台 frontdesk_03 在 11月28日 10:02 开的，有效期 720 小时（30 天），到 12月28日 才过期。应该是想输 72 或 24 时多打了一个 0。")
c.u("立刻作废 VP-88213", ["revoke_visitor_pass"], "confirmation")
c.call(("revoke_visitor_pass", {"pass_id": "VP-88213", "reason": "有效期误设720小时，夜间被陌生人反复使用，住户5-2-1801不认识来访人"},
  {"pass_id": "VP-88213", "status": "revoked", "revoked_at": "2026-12-03T18:58:31+08:00", "gates_updated": ["GATE-N2", "GATE-S1", "GATE-E1", "BLDG-5-2"]}))
c.a("VP-88213 已作废（18:58），N2/S1/E1 三个门和 5 号楼 2 单元大堂都已经同步，不能再用了。")
c.u("她说明天上午确实有个顺丰的张师傅要送大件，帮她重新登记一个，4小时，车牌 沪D·55K20", ["register_visitor"], "switch")
c.call(("register_visitor", {"host_unit": "5-2-1801", "visitor_name": "顺丰 张师傅", "plate": "沪D·55K20", "valid_from": "2026-12-04T09:00:00+08:00", "valid_hours": 4, "purpose": "大件快递送货"},
  {"pass_id": "VP-90144", "host_unit": "5-2-1801", "valid_from": "2026-12-04 09:00", "valid_until": "2026-12-04 13:00", "plate_allowed": "沪D·55K20", "qr_url": "https://gate.jxht.example/p/VP-90144"}))
c.a("已登记 VP-90144：顺丰张师傅，明天 09:00–13:00 有效，车牌 沪D·55K20 自动放行。二维码链接 https://gate.jxht.example/p/VP-90144 ，可以转给住户让她发给快递员。")
c.u("以后前台开临时访客码，有效期一般设多久合适？怎么防止这种事", [], "advice")
c.a("建议：\n1. 快递、外卖、维修这类一次性来访：2–4 小时，当天有效；\n2. 亲友来访：最长 24 小时，过夜的由住户自己在 App 上开；\n3. 系统里把前台可选的有效期做成下拉（2/4/8/24 小时），不要手动输入，这次就是手输多打了一个 0；\n4. 超过 24 小时的需要主管审批；\n5. 夜间 23:00–06:00 同一张访客码多次进出自动报警。")
C.append(c)
CONVS = C
