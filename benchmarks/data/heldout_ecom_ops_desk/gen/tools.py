# Tool definitions for the ecom ops desk registry (held out).
# Descriptions are deliberately uneven: some long, some one-liners, ~1/3 in Chinese.

def obj(props, required=None):
    d = {"type": "object", "properties": props}
    d["required"] = required or []
    return d

S = {"type": "string"}
I = {"type": "integer"}
N = {"type": "number"}
B = {"type": "boolean"}

def s(desc=None, enum=None, **kw):
    d = {"type": "string"}
    if desc:
        d["description"] = desc
    if enum:
        d["enum"] = enum
    d.update(kw)
    return d

def n(desc=None, t="number", **kw):
    d = {"type": t}
    if desc:
        d["description"] = desc
    d.update(kw)
    return d

RO = {"readOnlyHint": True}
DX = {"destructiveHint": True}

ADDRESS = obj({
    "name": S, "phone": S, "line1": S, "line2": S, "city": S,
    "state": S, "postal_code": S, "country": s("ISO 3166-1 alpha-2"),
}, ["name", "line1", "city", "country"])

TOOLS = [
    # ------------------------------------------------------------------ orders
    {
        "name": "search_orders",
        "description": "Search orders by buyer, status, sales channel, date range, SKU or coupon code. Returns a paged list of order summaries (max 100 per page). Use get_order_detail for line items and payment info.",
        "parameters": obj({
            "buyer_email": S,
            "customer_id": s("C-xxxxxxxx"),
            "status": s(enum=["pending_payment", "paid", "fulfilling", "partially_shipped", "shipped", "completed", "cancelled"]),
            "channel": s(enum=["web", "app", "amazon", "shopee", "tiktok_shop", "wechat_mini", "tmall"]),
            "created_from": s("ISO date"),
            "created_to": s("ISO date"),
            "sku": S,
            "coupon_code": S,
            "page": n(t="integer"),
        }),
        "category": "orders",
        "tags": ["orders", "search"],
        "annotations": RO,
    },
    {
        "name": "get_order_detail",
        "description": "获取单个订单的完整详情：商品行、金额明细（商品金额/税/运费/优惠分摊）、支付流水号、收货地址、履约状态和包裹列表。订单号以 SO 开头。",
        "parameters": obj({"order_id": s("订单号，如 SO20261128003317")}, ["order_id"]),
        "category": "orders",
        "tags": ["订单"],
        "annotations": RO,
    },
    {
        "name": "cancel_order",
        "description": "Cancel an order that has NOT shipped. Releases reserved inventory and automatically refunds the full paid amount to the original payment method. Returns ORDER_ALREADY_SHIPPED if any parcel has been handed to a carrier; in that case the buyer has to go through a return. This does not touch shipping labels - to kill a label/parcel but keep the order, use void_shipment.",
        "parameters": obj({
            "order_id": S,
            "reason": s(enum=["customer_request", "fraud_suspected", "out_of_stock", "payment_issue", "duplicate", "other"]),
            "note": S,
            "notify_customer": {"type": "boolean", "default": True},
        }, ["order_id", "reason"]),
        "category": "orders",
        "tags": ["orders", "cancel"],
        "annotations": DX,
    },
    {
        "name": "update_shipping_address",
        "description": "Change ship-to address on an unfulfilled order.",
        "parameters": obj({"order_id": S, "address": ADDRESS}, ["order_id", "address"]),
        "category": "orders",
        "tags": [],
        "annotations": {},
    },
    {
        "name": "split_order",
        "description": "拆单。把一个订单按商品行拆成多个子订单分别履约，常用于部分缺货先发有货部分、或不同仓库发货。子订单号为原单号加 -1/-2 后缀。",
        "parameters": obj({
            "order_id": S,
            "groups": {"type": "array", "description": "每组为一个子订单包含的 line_id 列表", "items": {"type": "array", "items": S}},
            "warehouse_ids": {"type": "array", "items": S},
        }, ["order_id", "groups"]),
        "category": "orders",
        "tags": ["订单", "履约"],
        "annotations": {},
    },
    # --------------------------------------------------------- refunds/returns
    {
        "name": "create_refund",
        "description": "Issue a refund (full or partial) on a paid order. Money goes back through the original gateway (Stripe / PayPal / Alipay / WeChat Pay). No goods come back: use for missing items, late-delivery compensation, duplicate charges, price adjustments, goodwill. If the buyer is sending the item back, open a return (create_return_request) instead - refund is released automatically when the return is approved and received.",
        "parameters": obj({
            "order_id": S,
            "amount": N,
            "currency": s("ISO 4217, defaults to order currency"),
            "line_ids": {"type": "array", "items": S},
            "reason": s(enum=["missing_item", "late_delivery", "duplicate_charge", "price_adjustment", "lost_in_transit", "goodwill", "other"]),
            "note": S,
        }, ["order_id", "amount", "reason"]),
        "category": "refunds_returns",
        "tags": ["refund", "payments"],
        "annotations": DX,
    },
    {
        "name": "get_refund_status",
        "description": "查询退款进度。支持退款单号（RF 开头）或订单号，返回退款金额、退款渠道、状态（处理中 / 已到账 / 失败）以及网关返回的失败原因。",
        "parameters": obj({"refund_id": S, "order_id": S}),
        "category": "refunds_returns",
        "tags": ["退款"],
        "annotations": RO,
    },
    {
        "name": "create_return_request",
        "description": "Open an RMA (return merchandise authorization) for items on a delivered order. If return_shipping=prepaid a return label is generated and emailed to the buyer. Buyer ships goods to the returns warehouse; refund happens after approve_return.",
        "parameters": obj({
            "order_id": S,
            "line_ids": {"type": "array", "items": S},
            "reason": s(enum=["defective", "not_as_described", "wrong_item", "size_fit", "changed_mind", "damaged_in_transit"]),
            "return_shipping": s(enum=["prepaid", "customer_paid"]),
            "return_warehouse_id": S,
            "photos": {"type": "array", "items": S},
        }, ["order_id", "line_ids", "reason"]),
        "category": "refunds_returns",
        "tags": ["returns", "rma"],
        "annotations": {},
    },
    {
        "name": "approve_return",
        "description": "审核退货申请（RMA）。approve=true 通过，仓库收货质检后自动按原路退款；approve=false 驳回，必须填写 reject_reason，会通知客户。restock=true 时质检合格的商品回到可售库存。",
        "parameters": obj({
            "rma_id": s("RMA-YYMM-NNNN"),
            "approve": B,
            "reject_reason": S,
            "restock": B,
        }, ["rma_id", "approve"]),
        "category": "refunds_returns",
        "tags": ["退货", "审核"],
        "annotations": {},
    },
    {
        "name": "create_exchange_order",
        "description": "exchange - swap an item for another variant (size/colour). creates a replacement order at 0 price linked to the original + a return for the old item. price difference is charged/refunded automatically.",
        "parameters": obj({
            "order_id": S,
            "line_id": S,
            "new_sku": S,
            "qty": I,
            "ship_replacement_before_return": {"type": "boolean", "default": False},
        }, ["order_id", "line_id", "new_sku"]),
        "category": "refunds_returns",
        "tags": ["exchange"],
        "annotations": {},
    },
    # --------------------------------------------------------------- inventory
    {
        "name": "get_stock_level",
        "description": "Get on_hand / available / reserved / in_transit quantities for one or more SKUs, optionally broken down by warehouse.",
        "parameters": obj({
            "skus": {"type": "array", "items": S},
            "warehouse_id": S,
        }, ["skus"]),
        "category": "inventory",
        "tags": ["inventory", "stock"],
        "annotations": RO,
    },
    {
        "name": "adjust_stock",
        "description": "Manually adjust the quantity of a SKU in ONE warehouse, either as an absolute value (set) or a delta. Writes an inventory adjustment record with a reason code (damaged, count_correction, lost, found, sample). This changes total stock and is posted to COGS. For moving goods between warehouses use transfer_stock; for goods arriving from a supplier use receive_purchase_order.",
        "parameters": obj({
            "sku": S,
            "warehouse_id": S,
            "mode": s(enum=["delta", "set"]),
            "quantity": I,
            "reason": s(enum=["damaged", "count_correction", "lost", "found", "sample", "other"]),
            "note": S,
        }, ["sku", "warehouse_id", "mode", "quantity", "reason"]),
        "category": "inventory",
        "tags": ["inventory"],
        "annotations": DX,
    },
    {
        "name": "transfer_stock",
        "description": "调拨：在两个仓库之间移库（例如 深圳仓 SZ01 → 洛杉矶海外仓 LAX1），生成调拨单。出库仓扣减可用库存，入库仓计为在途，到货签收后转为可用；总库存不变。",
        "parameters": obj({
            "sku": S,
            "quantity": I,
            "from_warehouse": S,
            "to_warehouse": S,
            "expected_arrival": s("YYYY-MM-DD"),
            "freight_mode": s(enum=["sea", "air", "truck", "rail"]),
        }, ["sku", "quantity", "from_warehouse", "to_warehouse"]),
        "category": "inventory",
        "tags": ["库存", "调拨"],
        "annotations": {},
    },
    {
        "name": "set_reorder_point",
        "description": "Set safety stock / reorder point for a sku in a warehouse. When available drops below reorder_point the system raises a low-stock alert and drafts a suggested PO for reorder_qty.",
        "parameters": obj({
            "sku": S,
            "warehouse_id": S,
            "reorder_point": I,
            "reorder_qty": I,
        }, ["sku", "reorder_point"]),
        "category": "inventory",
        "tags": [],
        "annotations": {},
    },
    {
        "name": "list_warehouses",
        "description": "列出所有仓库（自营仓、海外仓、第三方 3PL 仓）：仓库编码、地址、时区、可发往国家、是否接收退货。",
        "parameters": obj({
            "type": s(enum=["own", "overseas", "3pl"]),
            "accepts_returns": B,
        }),
        "category": "inventory",
        "tags": ["仓库"],
        "annotations": RO,
    },
    # --------------------------------------------------------------- logistics
    {
        "name": "create_shipment",
        "description": "Create a shipment and buy a label with a carrier (SF Express, ZTO, YunExpress, 4PX, Cainiao, DHL eCommerce, FedEx, UPS). Returns tracking number + label PDF url. Order must be ready_to_ship.",
        "parameters": obj({
            "order_id": S,
            "carrier": s(enum=["sf_express", "zto", "yunexpress", "4px", "cainiao", "dhl_ecommerce", "fedex", "ups"]),
            "service_level": S,
            "warehouse_id": S,
            "parcels": {"type": "array", "items": obj({
                "weight_kg": N, "length_cm": N, "width_cm": N, "height_cm": N,
            }, ["weight_kg"])},
        }, ["order_id", "carrier"]),
        "category": "logistics",
        "tags": ["shipping", "label"],
        "annotations": {},
    },
    {
        "name": "void_shipment",
        "description": "Void a shipping label / cancel a shipment that has NOT yet been picked up by the carrier. Label cost is credited back. The order itself stays open and returns to ready_to_ship so a new label can be created. Does NOT cancel the order or refund the customer.",
        "parameters": obj({
            "order_id": S,
            "tracking_number": S,
            "reason": S,
        }),
        "category": "logistics",
        "tags": ["shipping"],
        "annotations": DX,
    },
    {
        "name": "track_shipment",
        "description": "物流轨迹查询。输入运单号或订单号，返回承运商、轨迹节点、当前状态、预计送达时间，跨境包裹附清关状态。",
        "parameters": obj({"tracking_number": S, "order_id": S}),
        "category": "logistics",
        "tags": ["物流"],
        "annotations": RO,
    },
    {
        "name": "get_shipping_rates",
        "description": "rate shopping: quote price + transit days across carriers for a parcel (weight, dims, origin warehouse, destination country/postcode)",
        "parameters": obj({
            "origin_warehouse": S,
            "destination_country": S,
            "destination_postal_code": S,
            "weight_kg": N,
            "length_cm": N, "width_cm": N, "height_cm": N,
        }, ["origin_warehouse", "destination_country", "weight_kg"]),
        "category": "logistics",
        "tags": ["shipping", "rates"],
        "annotations": RO,
    },
    {
        "name": "create_customs_declaration",
        "description": "生成跨境直邮包裹的报关资料 / 商业发票（commercial invoice）：HS 编码、申报品名、申报价值、原产地、IOSS 或 VAT 号。",
        "parameters": obj({
            "order_id": S,
            "items": {"type": "array", "items": obj({
                "sku": S, "hs_code": S, "declared_name_en": S, "declared_value": N, "qty": I, "origin_country": S,
            }, ["hs_code", "declared_value", "qty"])},
            "ioss_number": S,
            "incoterm": s(enum=["DDP", "DAP"]),
        }, ["order_id"]),
        "category": "logistics",
        "tags": ["报关", "跨境"],
        "annotations": {},
    },
    # -------------------------------------------------------- customer service
    {
        "name": "create_ticket",
        "description": "Create a customer service ticket. Fields: subject, body, customer (id or email), order_id (optional), priority (low / normal / high / urgent), channel (email, live_chat, wechat, phone, internal), tags. Returns TK- number.",
        "parameters": obj({
            "subject": S,
            "body": S,
            "customer": S,
            "order_id": S,
            "priority": s(enum=["low", "normal", "high", "urgent"]),
            "channel": s(enum=["email", "live_chat", "wechat", "phone", "internal"]),
            "tags": {"type": "array", "items": S},
        }, ["subject", "body"]),
        "category": "customer_service",
        "tags": ["tickets"],
        "annotations": {},
    },
    {
        "name": "search_tickets",
        "description": "Find tickets. Filter by customer, order id, status, assignee, tag or free text.",
        "parameters": obj({
            "customer": S, "order_id": S,
            "status": s(enum=["open", "pending", "solved", "closed"]),
            "assignee": S, "tag": S, "text": S,
        }),
        "category": "customer_service",
        "tags": ["tickets"],
        "annotations": RO,
    },
    {
        "name": "reply_to_ticket",
        "description": "在工单上回复客户，消息会通过工单原渠道发出（邮件 / 微信 / 站内信）。internal=true 时只加内部备注，客户看不到。",
        "parameters": obj({
            "ticket_id": s("TK-xxxxxx"),
            "message": S,
            "internal": {"type": "boolean", "default": False},
            "set_status": s(enum=["open", "pending", "solved"]),
        }, ["ticket_id", "message"]),
        "category": "customer_service",
        "tags": ["工单"],
        "annotations": {},
    },
    {
        "name": "escalate_ticket",
        "description": "Escalate a ticket to tier-2 support, a team lead, or another department (logistics, warehouse, finance, tech on-call). Reassigns the ticket and bumps SLA priority.",
        "parameters": obj({
            "ticket_id": S,
            "to_team": s(enum=["tier2", "team_lead", "logistics", "warehouse", "finance", "tech_oncall", "risk"]),
            "reason": S,
        }, ["ticket_id", "to_team"]),
        "category": "customer_service",
        "tags": ["tickets", "sla"],
        "annotations": {},
    },
    {
        "name": "close_ticket",
        "description": "关闭工单并记录解决方式。关闭后客户再回复会生成新工单。",
        "parameters": obj({
            "ticket_id": S,
            "resolution": s(enum=["resolved", "refunded", "replaced", "no_response", "rejected", "duplicate"]),
            "note": S,
        }, ["ticket_id", "resolution"]),
        "category": "customer_service",
        "tags": [],
        "annotations": {},
    },
    {
        "name": "get_customer_profile",
        "description": "Customer 360 view: contact info, addresses, lifetime value, order count, refund/return rate, VIP tier, blacklist flag and agent notes.",
        "parameters": obj({"customer_id": S, "email": S, "phone": S}),
        "category": "customer_service",
        "tags": ["crm"],
        "annotations": RO,
    },
    # --------------------------------------------------------------- marketing
    {
        "name": "create_coupon",
        "description": "Create a coupon / promo code campaign. discount_type: percent | fixed | free_shipping. Supports min spend, start/end time, total and per-customer usage limits, eligible SKUs or categories, channel and country restrictions. Codes can be public (one shared code) or unique (batch).",
        "parameters": obj({
            "name": S,
            "code": s("leave empty to auto-generate"),
            "discount_type": s(enum=["percent", "fixed", "free_shipping"]),
            "value": N,
            "currency": S,
            "min_spend": N,
            "starts_at": S,
            "ends_at": S,
            "usage_limit_total": I,
            "usage_limit_per_customer": I,
            "eligible_skus": {"type": "array", "items": S},
            "channels": {"type": "array", "items": S},
            "countries": {"type": "array", "items": S},
        }, ["name", "discount_type"]),
        "category": "marketing",
        "tags": ["promotion", "coupon"],
        "annotations": {},
    },
    {
        "name": "disable_coupon",
        "description": "立即停用优惠券（券码或活动 ID）。已发放但未使用的券同时失效，操作不可恢复。",
        "parameters": obj({"coupon_id": S, "code": S, "reason": S}),
        "category": "marketing",
        "tags": ["优惠券"],
        "annotations": DX,
    },
    {
        "name": "get_coupon_usage",
        "description": "Coupon redemption stats: issued, redeemed, total discount given, attributed GMV, breakdown per channel and day.",
        "parameters": obj({
            "coupon_id": S, "code": S,
            "date_from": S, "date_to": S,
        }),
        "category": "marketing",
        "tags": ["coupon", "analytics"],
        "annotations": RO,
    },
    {
        "name": "issue_coupon_to_customer",
        "description": "把一张已存在的优惠券发放到指定客户账户（补偿、挽留、VIP 关怀），可附带站内信或邮件通知。不会新建券，需要先有 coupon_id。",
        "parameters": obj({
            "coupon_id": S,
            "customer_ids": {"type": "array", "items": S},
            "message": S,
        }, ["coupon_id", "customer_ids"]),
        "category": "marketing",
        "tags": ["优惠券", "客户关怀"],
        "annotations": {},
    },
    # ------------------------------------------------------------- procurement
    {
        "name": "create_purchase_order",
        "description": "Create a purchase order (PO) to a supplier for replenishment. Lines: sku, qty, unit_cost, currency. Payment terms and delivery warehouse optional. Created as draft unless submit=true (submit sends the PO PDF to the supplier).",
        "parameters": obj({
            "supplier_id": S,
            "supplier_name": S,
            "lines": {"type": "array", "items": obj({"sku": S, "qty": I, "unit_cost": N}, ["sku", "qty"])},
            "currency": S,
            "payment_terms": S,
            "deliver_to_warehouse": S,
            "submit": B,
        }, ["lines"]),
        "category": "procurement",
        "tags": ["purchasing", "po"],
        "annotations": {},
    },
    {
        "name": "get_purchase_order",
        "description": "查询采购单（PO 号）详情：供应商、采购明细、已收货数量、预计到货日期、付款状态。",
        "parameters": obj({"po_number": s("PO-YYYY-NNNN")}, ["po_number"]),
        "category": "procurement",
        "tags": ["采购"],
        "annotations": RO,
    },
    {
        "name": "notify_supplier",
        "description": "Send a message to a supplier's contact via email or WeChat Work (企业微信), e.g. expedite request, quality complaint, packaging change, PO amendment. Pass po_number to thread the message under that PO.",
        "parameters": obj({
            "supplier_id": S,
            "supplier_name": S,
            "po_number": S,
            "channel": s(enum=["email", "wecom"]),
            "subject": S,
            "message": S,
        }, ["message"]),
        "category": "procurement",
        "tags": ["supplier"],
        "annotations": {},
    },
    {
        "name": "receive_purchase_order",
        "description": "Goods receipt (GRN) against a PO: record received qty and QC result per line into a warehouse. Passed qty is posted to stock. Partial receipts allowed; shortages stay open on the PO.",
        "parameters": obj({
            "po_number": S,
            "warehouse_id": S,
            "lines": {"type": "array", "items": obj({"sku": S, "received_qty": I, "qc_passed_qty": I}, ["sku", "received_qty"])},
            "note": S,
        }, ["po_number", "warehouse_id", "lines"]),
        "category": "procurement",
        "tags": ["grn", "warehouse"],
        "annotations": {},
    },
    # ----------------------------------------------------------------- finance
    {
        "name": "reconcile_payments",
        "description": "Run a reconciliation job between shop orders/refunds and a payment gateway's settlement data for a date range. Output: matched, unmatched (in gateway not in shop and vice versa) and amount mismatches, with fee and FX columns.",
        "parameters": obj({
            "gateway": s(enum=["stripe", "paypal", "alipay", "wechat_pay", "shopee_wallet", "amazon_pay"]),
            "date_from": S,
            "date_to": S,
            "settlement_file_url": S,
        }, ["gateway", "date_from", "date_to"]),
        "category": "finance",
        "tags": ["reconciliation"],
        "annotations": {},
    },
    {
        "name": "export_settlement_report",
        "description": "导出结算报表，可按平台 / 支付渠道 / 币种汇总：销售额、退款、平台佣金、支付手续费、汇兑损益。格式 xlsx 或 csv。",
        "parameters": obj({
            "period_from": S,
            "period_to": S,
            "group_by": {"type": "array", "items": s(enum=["platform", "gateway", "currency", "store"])},
            "platform": S,
            "format": s(enum=["xlsx", "csv"]),
        }, ["period_from", "period_to"]),
        "category": "finance",
        "tags": ["结算", "报表"],
        "annotations": RO,
    },
    {
        "name": "list_payment_transactions",
        "description": "List raw payment gateway transactions - charges, refunds, disputes/chargebacks, payouts - with gateway ids and status.",
        "parameters": obj({
            "gateway": S,
            "type": s(enum=["charge", "refund", "dispute", "payout"]),
            "date_from": S,
            "date_to": S,
            "order_id": S,
        }),
        "category": "finance",
        "tags": ["payments"],
        "annotations": RO,
    },
    {
        "name": "create_journal_adjustment",
        "description": "Post a manual journal entry to the finance ledger: write-offs (unrecoverable chargebacks, bad debt), FX differences, fee corrections. Entries > 5,000 CNY need approver_id. Posted entries can only be reversed, not deleted.",
        "parameters": obj({
            "amount": N,
            "currency": S,
            "debit_account": S,
            "credit_account": S,
            "memo": S,
            "reference": s("order id, dispute id, settlement batch..."),
            "approver_id": S,
        }, ["amount", "currency", "memo"]),
        "category": "finance",
        "tags": ["ledger"],
        "annotations": DX,
    },
]
