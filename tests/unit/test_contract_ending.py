"""解约 (end a contract) asks a contract's terminate.

"合同 K-415 提前解约，客户搬家了" (end contract K-415 early, the customer moved) held ``contract_terminate``, ranked
first, as "not the act the request asks for", and sent ``contract_pause``: 解约 was no destroy word.
"""

from toolfilter_core import ToolSpec
from toolfilter_core._hints import request_is_destructive, request_says_its_act_across

TERMINATE = ToolSpec("contract_terminate", "Terminate a service contract before its end date, stopping billing.")
PAUSE = ToolSpec("contract_pause", "Pause a service contract for up to 3 months.")


def test_ending_a_contract_asks_to_destroy() -> None:
    assert request_is_destructive("合同 K-415 提前解约，客户搬家了")


def test_ending_a_contract_says_the_terminate_act_not_the_pause() -> None:
    assert request_says_its_act_across("合同 K-415 提前解约", TERMINATE)
    assert not request_says_its_act_across("合同 K-415 提前解约", PAUSE)
