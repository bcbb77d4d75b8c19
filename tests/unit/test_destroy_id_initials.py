"""An id whose letters are the initials of a destructive tool's object words names that tool's record.

A dental clinic's tools say no id format. "把方案TP-311作废" (void plan TP-311) ranks ``discard_treatment_plan``
first; "TP" is Treatment Plan. The destructive verb that opens the name ("discard") is no word of its record
(``id_nouns.nouns``): before, the prefix was read as another record's (``create_treatment_plan``'s) and the act
held back, not sure. Cosines are fixed by hand (``TableEmbedder``).
"""

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.id_nouns import nouns

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

CREATE = ToolSpec("create_treatment_plan", "Create a treatment plan for a patient after an exam.", takes("patient_id"))
DISCARD = ToolSpec("discard_treatment_plan", "Discard a treatment plan that the patient declined.", takes("plan_id"))
DELETE_PATIENT = ToolSpec("delete_patient_record", "Delete a patient's record.", takes("patient_id"))
TOOLS = [CREATE, DISCARD, DELETE_PATIENT]
TABLE = tool_axes(TOOLS) | act_phrases(5, 6)
TABLE |= {"把方案TP-311作废": unit(0, 0.7, 0.8, 0.3)}  # ranks discard_treatment_plan first


def test_a_destructive_verb_opening_a_name_is_no_word_of_its_record():
    assert nouns(DISCARD)[0] == ("treatment", "plan")
    assert nouns(DELETE_PATIENT)[0] == ("patient",)


def test_a_destroy_word_beside_another_verb_is_a_word_of_the_record():
    """Were ('request',) and ('report',): a destroy word anywhere in a name was dropped as its act."""
    assert nouns(ToolSpec("refund_request_approve", "x"))[0] == ("refund", "request")
    assert nouns(ToolSpec("get_void_report", "x"))[0] == ("void", "report")
    assert nouns(ToolSpec("parts_order_cancel", "x"))[0] == ("parts", "order")


def test_the_ids_initials_name_the_destroyers_record():
    s = hand_filter(TOOLS, TABLE).select("把方案TP-311作废")
    assert "discard_treatment_plan" in s.names, s.explain()
    assert "delete_patient_record" not in s.names, s.explain()
