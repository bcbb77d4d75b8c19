"""Without profiles, one errand written by two teams in words the embedder does not bring near.

On 84bca39 a property manager's ``tenant_get`` ("Get a tenant by id") and ``crm_customer_lookup`` ("Look up a
customer (tenant or owner) in the CRM"), and a kennel's ``send_owner_message`` and ``notify_customer``, were no
``near_duplicate``: their names share no word and the embedder put them apart (0.18 and 0.44 by the default one,
each not the other's nearest). Their siblings (a list beside a get, a schedule beside a send) stay apart.
"""

from __future__ import annotations

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose


def _tool(name: str, description: str, *required: str) -> ToolSpec:
    properties = {k: {"type": "string"} for k in required}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": list(required)})


PROPERTY = [
    _tool("tenant_get", "Get a tenant by id.", "tenant_id"),
    _tool("tenant_list", "List the tenants of a building.", "building_id"),
    _tool("tenant_update", "Update a tenant's phone, e-mail or emergency contact.", "tenant_id"),
    _tool("crm_customer_lookup", "Look up a customer (tenant or owner) in the CRM.", "query"),
    _tool("crm_note_add", "Add a note to a customer's CRM record.", "customer_id", "note"),
    _tool("ledger_get", "Get a tenant's ledger: charges, payments and balance.", "tenant_id"),
    _tool("lease_search", "Search leases by tenant name, unit or status.", "query"),
    _tool("unit_get", "Get a unit by id: floor plan, rent and current lease.", "unit_id"),
    _tool("maintenance_request_create", "Open a maintenance request for a unit (what is broken).", "unit_id"),
    _tool("notice_send", "Send a formal notice to a tenant: rent increase, entry or lease violation.", "tenant_id"),
]
KENNEL = [
    _tool("send_owner_message", "Send a message to a pet's owner.", "owner_id", "text"),
    _tool("notify_customer", "Notify a customer by SMS or e-mail.", "customer_id", "message"),
    _tool("schedule_reminder", "Schedule a reminder to an owner before a stay or a vaccination is due.", "owner_id"),
    _tool("photo_share", "Share a photo of a boarding pet with its owner.", "pet_id", "photo"),
    _tool("owner_find", "Find a pet owner by name or phone.", "query"),
    _tool("booking_create", "Book a dog or cat into the kennel for a stay.", "pet_id", "check_in"),
    _tool("booking_get", "Get a stay booking by its number.", "booking_id"),
    _tool("booking_list", "List the stays booked for a date range."),
    _tool("pet_get", "Get a pet's record: breed, age, diet, medication and vaccinations.", "pet_id"),
    _tool("invoice_create", "Create an invoice for a stay and its extras.", "booking_id"),
]


def _duplicates(tools: list[ToolSpec]) -> dict[frozenset[str], str]:
    report = diagnose(tools, embedder=HashingEmbedder())
    return {frozenset(f.tools): f.detail for f in report.of_kind("near_duplicate")}


def test_a_read_glossing_its_thing_by_the_others_is_a_near_duplicate_and_no_sibling_is() -> None:
    found = _duplicates(PROPERTY)
    assert set(found) == {frozenset(("tenant_get", "crm_customer_lookup"))}  # not tenant_list, ledger_get, lease_search
    assert "crm_customer_lookup's description says what it reads is what tenant_get reads" in next(iter(found.values()))


def test_two_names_of_sending_a_message_are_a_near_duplicate_and_a_scheduled_reminder_is_not() -> None:
    found = _duplicates(KENNEL)
    assert set(found) == {frozenset(("send_owner_message", "notify_customer"))}
    assert "both names send a message to someone" in next(iter(found.values()))


def test_the_words_of_each_rule() -> None:
    from toolfilter_core._doctor.errand import glossed, one_message

    by = {t.name: t for t in PROPERTY + KENNEL}
    assert glossed(by["tenant_get"], by["crm_customer_lookup"])
    assert not glossed(by["tenant_list"], by["crm_customer_lookup"])  # a list of many beside a read of one
    assert not glossed(by["ledger_get"], by["crm_customer_lookup"])  # a ledger is no customer
    assert one_message(by["send_owner_message"], by["notify_customer"])
    assert not one_message(by["send_owner_message"], by["schedule_reminder"])  # a make (schedule), no message word
    assert not one_message(_tool("send_sms", "Send an SMS."), _tool("send_email", "Send an e-mail."))  # two channels
    assert one_message(_tool("sms_customer", "Text a customer."), _tool("send_message", "Send a message."))


def test_a_channel_said_in_a_description_keeps_two_channels_apart() -> None:
    """``send_email`` beside a message "over SMS or WeChat" was told one errand by their names alone."""
    from toolfilter_core._doctor.errand import one_message

    email = _tool("send_email", "Send an email to a customer.", "to")
    care = _tool("notify_customer_message", "Send a message to a customer over SMS or WeChat.", "customer_id")
    sms = _tool("sms_notify", "Text the customer (SMS): reminders, ETA, follow-ups.", "phone")
    assert not one_message(email, care)
    assert one_message(sms, care)


def test_channels_are_read_as_channels_not_words() -> None:
    """ "body text" named no channel, "e-mail" was "mail" apart from "email", "by text" apart from "SMS"."""
    from toolfilter_core._doctor.errand import one_message

    body = _tool("send_message", "Send a message with a subject and body text to a customer.", "to")
    by_email = _tool("notify_customer", "Notify a customer by email.", "customer_id")
    by_text = _tool("text_customer_message", "Send a customer a message by text.", "phone")
    sms_or_mail = _tool("notify_client", "Notify a client by SMS or e-mail.", "client_id")
    wechat = _tool("send_wechat_message", "给客户发微信消息。", "openid")
    assert one_message(body, by_email)
    assert one_message(by_text, sms_or_mail)
    assert not one_message(wechat, by_email)


LEASING = [
    _tool("device_get", "Get a leased device by serial number or asset tag: model, lease it is on, condition.", "tag"),
    _tool("return_status_get", "Status of a return (RMA number): pickup booked, received, damage charges.", "rma_id"),
    _tool(
        "shipment_track",
        "Track a courier shipment (delivery of new devices or a return pickup) by tracking number.",
        "tracking_number",
    ),
    _tool("customer_lookup", "Look up a customer (tenant or owner) by id.", "customer_id"),
    _tool("tenant_get", "Get a tenant by id.", "tenant_id"),
    _tool("lease_list", "List the leases of a company.", "company_id"),
]


def test_a_gloss_read_by_a_key_of_its_own_reads_another_thing() -> None:
    """``shipment_track`` ("a courier shipment (delivery of new devices or a return pickup) by tracking number") was
    told one errand with ``device_get`` and ``return_status_get``: a shipment read by its tracking number, which
    neither takes, is no device and no return. A record read by its own id still glosses another's record."""
    from toolfilter_core._doctor.errand import glossed

    by = {t.name: t for t in LEASING}
    assert not glossed(by["shipment_track"], by["device_get"])
    assert not glossed(by["shipment_track"], by["return_status_get"])
    assert glossed(by["customer_lookup"], by["tenant_get"])  # a customer's id may be a tenant's under another name
    assert set(_duplicates(LEASING)) == {frozenset(("customer_lookup", "tenant_get"))}
